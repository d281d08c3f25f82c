package io.flatscene.render.internal;

import io.flatscene.core.container.Index;
import io.flatscene.core.layout.LaneBlocks;
import io.flatscene.core.scene.ChangedSlots;
import java.nio.FloatBuffer;
import java.util.Arrays;
import org.lwjgl.system.MemoryUtil;

import static org.lwjgl.opengl.GL11C.glGetInteger;
import static org.lwjgl.opengl.GL30C.glBindBufferRange;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT;

/**
 * The scene's world matrices kept on the GPU by transform slot, in the scene's own {@link LaneBlocks} layout (eight
 * slots a block, component {@code c} of slot {@code s} at {@code 96 * (s / 8) + 8 * c + s % 8}), so that bringing a
 * copy up to date is a straight copy of the changed blocks, never a gather. The shader reads its instance's 12 floats
 * by slot.
 *
 * <p>There is a copy per buffer region, since the GPU may still read the copies of the two frames before while one
 * is written. A copy records which transform pass of which scene it holds; the scene's changed-slot sets of the last
 * {@link #HISTORY} passes are kept as runs of blocks, so a copy a few passes behind is brought up to date with the
 * union of their runs, and one further behind (or of another scene) is rewritten whole.
 */
final class ResidentMatrices {
    static final int MATRIX_FLOATS = 12;
    static final int BLOCK_FLOATS = MATRIX_FLOATS * LaneBlocks.LANES;
    private static final int BLOCKS_PER_WORD = Long.SIZE / LaneBlocks.LANES;
    private static final long BLOCK_MASK = (1L << LaneBlocks.LANES) - 1;
    /** A copy per buffer region; as many passes' sets are kept, so a copy's turn comes before its passes are gone. */
    private static final int REGIONS = MultiDrawSubmission.REGIONS;
    private static final int HISTORY = REGIONS;

    /** What a refused growth names to lower: growth follows the scene's slots. */
    static final String GROWTH_REMEDY = "the scene's node capacity";

    private final int binding;
    private final PersistentBuffer storage = new PersistentBuffer(GL_SHADER_STORAGE_BUFFER, "world matrix");
    private FloatBuffer floats;
    private int blockCapacity;
    private long regionBytes;
    /** The scene each copy holds, known by its changed-slot sets: one a scene, handed over by its render queue. */
    private final ChangedSlots[] regionSource;
    private final long[] regionPass;

    private ChangedSlots historySource;
    private long historyNewest = -1L;
    private int historyCount;
    private final int[][] history = new int[HISTORY][];
    private final int[] historyLength = new int[HISTORY];
    private final int[] cursor = new int[HISTORY];

    /**
     * @param initialSlots the slots the first copies hold
     * @param initialKey   the setting {@code initialSlots} comes from, which a refused first mapping names
     */
    ResidentMatrices(int binding, int initialSlots, String initialKey) {
        this.binding = binding;
        regionSource = new ChangedSlots[REGIONS];
        regionPass = new long[REGIONS];
        for (int h = 0; h < HISTORY; h++) {
            history[h] = new int[64];
        }
        allocate(Math.max(1, blocks(initialSlots)), initialKey);
    }

    private static int blocks(int slots) {
        return (slots + LaneBlocks.LANES - 1) / LaneBlocks.LANES;
    }

    /** @param remedy what sized the copies, which a refused mapping names */
    private void allocate(int blocks, String remedy) {
        long alignment = Math.max(1, glGetInteger(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT));
        long bytes = (long) blocks * BLOCK_FLOATS * Float.BYTES;
        long aligned = (bytes + alignment - 1) / alignment * alignment;
        long address = storage.map(REGIONS * aligned, remedy);
        regionBytes = aligned;
        blockCapacity = blocks;
        floats = MemoryUtil.memFloatBuffer(address, Math.toIntExact(REGIONS * aligned / Float.BYTES));
        for (int r = 0; r < REGIONS; r++) {
            regionSource[r] = null;
        }
    }

    /** Whether the copies need more room for the scene's slots: the caller then waits for every region's fence. */
    boolean needsGrowth(ChangedSlots changes) {
        return blocks(changes.slotCount()) > blockCapacity;
    }

    /** Replaces every copy with larger ones, all empty; only once the GPU has finished with every region. */
    int grow(ChangedSlots changes) {
        int previous = blockCapacity * LaneBlocks.LANES;
        storage.release();
        allocate(Math.max(blocks(changes.slotCount()), blockCapacity * 2), GROWTH_REMEDY);
        return previous;
    }

    int slotCapacity() {
        return blockCapacity * LaneBlocks.LANES;
    }

    /** Notes the scene's latest changed-slot set, once per transform pass, before any copy is brought up to date. */
    void record(ChangedSlots changes) {
        long pass = changes.passCount();
        if (changes == historySource && pass == historyNewest) {
            return;
        }
        if (changes != historySource || pass != historyNewest + 1) {
            // the sets of the passes in between were never seen: copies older than this pass's base are rewritten
            historySource = changes;
            historyCount = 0;
        }
        int h = (int) (pass % HISTORY);
        int length = 0;
        int runStart = Index.NONE;
        int runEnd = Index.NONE;
        for (int w = changes.nextChangedWord(0); w != Index.NONE; w = changes.nextChangedWord(w + 1)) {
            long bits = changes.word(w);
            for (int b = 0; bits != 0; b++, bits >>>= LaneBlocks.LANES) {
                if ((bits & BLOCK_MASK) == 0) {
                    continue;
                }
                int block = w * BLOCKS_PER_WORD + b;
                if (block == runEnd) {
                    runEnd++;
                } else {
                    if (runStart != Index.NONE) {
                        length = append(h, length, runStart, runEnd);
                    }
                    runStart = block;
                    runEnd = block + 1;
                }
            }
        }
        if (runStart != Index.NONE) {
            length = append(h, length, runStart, runEnd);
        }
        historyLength[h] = length;
        if (length == 0 && historyCount > 0) {
            // a pass that changed nothing leaves every copy of the pass before as current as it was
            for (int r = 0; r < REGIONS; r++) {
                if (regionSource[r] == changes && regionPass[r] == historyNewest) {
                    regionPass[r] = pass;
                }
            }
        }
        historyNewest = pass;
        historyCount = Math.min(historyCount + 1, HISTORY);
    }

    /** Appends the block run {@code [start, end)} to history entry {@code h}'s list; returns the list's new length. */
    private int append(int h, int length, int start, int end) {
        if (length + 2 > history[h].length) {
            history[h] = Arrays.copyOf(history[h], history[h].length * 2);
        }
        history[h][length] = start;
        history[h][length + 1] = end;
        return length + 2;
    }

    /** Whether copy {@code region} holds the matrices of the scene's last recorded pass. */
    boolean isCurrent(int region, ChangedSlots changes) {
        return regionSource[region] == changes && changes == historySource && regionPass[region] == historyNewest;
    }

    /**
     * Brings copy {@code region} up to the scene's last recorded pass, from {@code world} (the scene's world
     * matrices).
     *
     * @return bytes written
     */
    long refresh(int region, ChangedSlots changes, float[] world) {
        long written = needsWholeCopy(region, changes) ? copyWhole(region, changes, world)
                : copyUnion(region, world, regionPass[region] + 1);
        regionSource[region] = changes;
        regionPass[region] = historyNewest;
        return written;
    }

    /** Whether copy {@code region} is of another scene, or further behind than the changed sets kept reach. */
    boolean needsWholeCopy(int region, ChangedSlots changes) {
        return regionSource[region] != changes || changes != historySource
                || regionPass[region] < historyNewest - historyCount;
    }

    /**
     * Rewrites every copy whole, for a caller that knows the GPU reads none of them (no region has a fence pending):
     * the first frame, or the first after growth, so that the other copies need not be rewritten whole when their
     * turn comes.
     *
     * @return bytes written
     */
    long refreshAll(ChangedSlots changes, float[] world) {
        long written = 0;
        for (int r = 0; r < REGIONS; r++) {
            written += copyWhole(r, changes, world);
            regionSource[r] = changes;
            regionPass[r] = historyNewest;
        }
        return written;
    }

    private long copyWhole(int region, ChangedSlots changes, float[] world) {
        return copyBlocks(region, world, 0, blocks(changes.slotCount()));
    }

    /**
     * Copies the union of the block runs of the passes from {@code firstPass} to the newest, merging the sorted lists.
     * A block with one changed slot is copied whole: its 12 components are 12 rows of 32 bytes, so one slot's floats
     * touch the same six cache lines as the whole block, and writing them whole is both faster here (0.6 against 1.2
     * ms at 10% of 100k slots moved) and kinder to write-combined GPU memory, which full lines suit.
     */
    private long copyUnion(int region, float[] world, long firstPass) {
        int lists = (int) (historyNewest - firstPass + 1);
        for (int i = 0; i < lists; i++) {
            cursor[i] = 0;
        }
        long written = 0;
        int runStart = Index.NONE;
        int runEnd = Index.NONE;
        while (true) {
            int pick = Index.NONE;
            int pickStart = Integer.MAX_VALUE;
            for (int i = 0; i < lists; i++) {
                int h = (int) ((firstPass + i) % HISTORY);
                if (cursor[i] < historyLength[h] && history[h][cursor[i]] < pickStart) {
                    pick = i;
                    pickStart = history[h][cursor[i]];
                }
            }
            if (pick == Index.NONE) {
                break;
            }
            int h = (int) ((firstPass + pick) % HISTORY);
            int end = history[h][cursor[pick] + 1];
            cursor[pick] += 2;
            if (runStart != Index.NONE && pickStart <= runEnd) {
                runEnd = Math.max(runEnd, end);
            } else {
                if (runStart != Index.NONE) {
                    written += copyBlocks(region, world, runStart, runEnd);
                }
                runStart = pickStart;
                runEnd = end;
            }
        }
        if (runStart != Index.NONE) {
            written += copyBlocks(region, world, runStart, runEnd);
        }
        return written;
    }

    private long copyBlocks(int region, float[] world, int firstBlock, int endBlock) {
        int from = firstBlock * BLOCK_FLOATS;
        int length = Math.min(endBlock * BLOCK_FLOATS, world.length) - from;
        if (length <= 0) {
            return 0;
        }
        floats.put((int) (region * regionBytes / Float.BYTES) + from, world, from, length);
        return (long) length * Float.BYTES;
    }

    void bind(int region) {
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, binding, storage.name(), region * regionBytes, regionBytes);
    }

    void delete() {
        storage.release();
        floats = null;
    }

    /** Drops the copies whose context is gone, and their mapping with it. */
    void forget() {
        storage.forget();
        floats = null;
    }
}
