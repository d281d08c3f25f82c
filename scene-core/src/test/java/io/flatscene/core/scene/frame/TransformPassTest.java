package io.flatscene.core.scene.frame;

import io.flatscene.core.config.TransformKernel;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.SummaryBitSet;
import io.flatscene.core.layout.LaneBlocks;
import io.flatscene.core.parallel.WorkerPool;
import io.flatscene.core.scene.store.TransformStore;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The transform pass over a store filled by hand, with a block kernel that records its calls: what each pass
 * recomputes (its count and the changed set), the matrices and flags it leaves (against each node computed alone, in
 * slot order), and how it hands blocks of eight to the kernel, as its documentation states: a run of a family's whole
 * stale blocks in one call, a family block with some stale lanes in one call, a block of two families computed with
 * the parent of more lanes and the other family's lanes redone one by one, any other block lane by lane, and a band
 * with few dirty words visited bit by bit.
 *
 * <p>The scene: a root (slot 0), fifteen parents at depth 1 (slots 1 to 15), and at depth 2 from slot 16: P0's 16
 * children (blocks 16 and 24), P1's 3 and P2's 5 (block 32), P3's 5 and P4's 3 (block 40), P5's 4 and P6's 4 (block
 * 48), P7's 16 (blocks 56 and 64, across the first word's end), P8's 2, P9's 3 and P10's 3 (block 72), P11's 8 of
 * which the fourth does not inherit scale (block 80), and P12's 3 (slots 88 to 90, no whole block).
 */
class TransformPassTest {
    private static final int L = LaneBlocks.LANES;
    private static final int M = TransformStore.MATRIX_WIDTH;
    private static final int[] FAMILY_SIZES = {16, 3, 5, 5, 3, 4, 4, 16, 2, 3, 3, 8, 3};
    private static final int PARENTS = 15;
    private static final int FIRST_CHILD = 1 + PARENTS;
    private static final int NOT_INHERITING = 83;

    private final TransformStore store = new TransformStore("nodes", 1024, GrowthPolicy.FAIL, (id, slot) -> { });
    private final RecordingKernel kernel = new RecordingKernel();
    private final TransformPass pass = new TransformPass(store, kernel);
    private final List<Integer> parentOf = new ArrayList<>();
    private WorkerPool pool;
    private int root;
    private final int[] parents = new int[PARENTS];

    @BeforeEach
    void build() {
        pool = new WorkerPool("transform-test", 1);
        root = HandleTable.idOf(store.create(Index.NONE));
        store.setGraphRoot(root);
        parentOf.add(Index.NONE);
        for (int p = 0; p < PARENTS; p++) {
            parents[p] = HandleTable.idOf(store.create(root));
            parentOf.add(0);
            store.setPosition(slot(parents[p]), p, 0.5f * p, -p);
        }
        // parents whose children's flags tell them apart: hidden ones, and mirrored ones
        store.setHidden(slot(parents[1]), true);
        store.setScale(slot(parents[2]), -1f, 2f, 1f);
        store.setScale(slot(parents[3]), 1f, -0.5f, 1f);
        store.setHidden(slot(parents[4]), true);
        store.setHidden(slot(parents[6]), true);
        store.setScale(slot(parents[6]), 2f, 2f, -2f);
        for (int f = 0; f < FAMILY_SIZES.length; f++) {
            for (int c = 0; c < FAMILY_SIZES[f]; c++) {
                int child = HandleTable.idOf(store.create(parents[f]));
                parentOf.add(slot(parents[f]));
                int s = slot(child);
                store.setPosition(s, c, f, 0.25f * c);
                store.setOrientation(s, 0f, (float) Math.sin(0.1 * c), 0f, (float) Math.cos(0.1 * c));
                if (c % 3 == 1) {
                    store.setScale(s, 1f, -1f, 3f);
                }
            }
        }
        store.setInherit(NOT_INHERITING, true, false);
        assertEquals(FIRST_CHILD + 75, store.size(), "the scene's slots");
        assertEquals(parentOf.size(), store.size());
    }

    @AfterEach
    void close() {
        pool.close();
    }

    private int slot(int id) {
        return store.slotOfId(id);
    }

    @Test
    void theFirstPassRecomputesEveryNodeAndAStillSceneNone() {
        assertEquals(store.size(), run(), "every node is new");
        assertChanged(range(0, store.size()));
        assertMatchesNodeByNode();
        kernel.calls.clear();
        assertEquals(0, run(), "nothing changed");
        assertChanged(List.of());
        assertEquals(List.of(), kernel.calls);
    }

    @Test
    void aMovedParentsWholeFamilyIsOneRunPerWord() {
        settle();
        move(slot(parents[0]));
        move(slot(parents[7]));
        assertEquals(2 + 32, run());
        List<Integer> expected = new ArrayList<>(List.of(1, 8));
        expected.addAll(range(16, 32));
        expected.addAll(range(56, 72));
        assertChanged(expected);
        assertMatchesNodeByNode();
        // P7's family runs across the word's end: one call in each word
        assertEquals(List.of("family 8 of R lanes 10000000: written", "run 16 of P0: 2", "run 56 of P7: 1",
                "run 64 of P7: 1"), kernel.calls);
    }

    @Test
    void dirtyLanesOfAFamilyAreOneCallWithThoseLanesStale() {
        settle();
        move(18);
        move(21);
        for (int s = 24; s < 32; s++) {
            move(s);
        }
        assertEquals(10, run());
        List<Integer> expected = new ArrayList<>(List.of(18, 21));
        expected.addAll(range(24, 32));
        assertChanged(expected);
        assertMatchesNodeByNode();
        assertEquals(List.of("family 16 of P0 lanes 00100100: written", "run 24 of P0: 1"), kernel.calls);
    }

    /**
     * A block of two families is computed with the parent of more lanes (the first at a tie), and the other's lanes
     * are redone; only the stale lanes count and take their parent's flags.
     */
    @Test
    void aBlockOfTwoFamiliesIsComputedWithTheParentOfMore() {
        settle();
        move(slot(parents[2]));
        move(slot(parents[3]));
        move(slot(parents[6]));
        assertEquals(3 + 5 + 5 + 4, run());
        List<Integer> expected = new ArrayList<>(List.of(3, 4, 7));
        expected.addAll(range(35, 40));
        expected.addAll(range(40, 45));
        expected.addAll(range(52, 56));
        assertChanged(expected);
        assertMatchesNodeByNode();
        // a first lane whose parent changed: the run and the family block are tried first, and refused
        assertEquals(List.of("block 32 with P2", "run 40 of P3: 0", "family 40 of P3 lanes 11111111: refused",
                "block 40 with P3", "block 48 with P5"), kernel.calls);

        kernel.calls.clear();
        move(slot(parents[1]));
        move(slot(parents[4]));
        move(slot(parents[5]));
        assertEquals(3 + 3 + 3 + 4, run());
        expected = new ArrayList<>(List.of(2, 5, 6));
        expected.addAll(range(32, 35));
        expected.addAll(range(45, 52));
        assertChanged(expected);
        assertMatchesNodeByNode();
        assertEquals(List.of("run 32 of P1: 0", "family 32 of P1 lanes 11111111: refused", "block 32 with P2",
                "block 40 with P3", "run 48 of P5: 0", "family 48 of P5 lanes 11111111: refused", "block 48 with P5"),
                kernel.calls);
    }

    @Test
    void dirtyLanesOfTwoFamiliesAreComputedInTheirBlock() {
        settle();
        move(33);
        move(38);
        move(48);
        assertEquals(3, run());
        assertChanged(List.of(33, 38, 48));
        assertMatchesNodeByNode();
        assertEquals(List.of("family 32 of P1 lanes 01000010: refused", "block 32 with P2",
                "family 48 of P5 lanes 10000000: refused", "block 48 with P5"), kernel.calls);
    }

    /** Three families in a block, or a lane off the plain chain: lane by lane, and only the stale lanes. */
    @Test
    void otherBlocksAreComputedLaneByLane() {
        settle();
        move(slot(parents[9]));
        move(73);
        move(81);
        move(NOT_INHERITING);
        poison(72);
        poison(80);
        poison(86);
        assertEquals(1 + 3 + 1 + 2, run());
        assertChanged(List.of(10, 73, 74, 75, 76, 81, NOT_INHERITING));
        assertEquals(List.of("family 8 of R lanes 00100000: written", "family 72 of P8 lanes 01000000: refused",
                "family 80 of P11 lanes 01010000: refused"), kernel.calls);
        assertPoisoned(72);
        assertPoisoned(80);
        assertPoisoned(86);
        unpoison();
        assertMatchesNodeByNode();

        kernel.calls.clear();
        move(slot(parents[11]));
        move(slot(parents[8]));
        assertEquals(2 + 8 + 2, run());
        assertMatchesNodeByNode();
        assertEquals(List.of("family 8 of R lanes 01001000: written", "run 72 of P8: 0",
                "family 72 of P8 lanes 11111111: refused", "run 80 of P11: 0",
                "family 80 of P11 lanes 11111111: refused"), kernel.calls);
    }

    /**
     * A band none of whose parents changed and with fewer dirty words than a quarter of its words has its dirty bits
     * visited alone, with no block call; with a quarter or more it is swept.
     */
    @Test
    void aBandWithFewDirtyWordsIsVisitedBitByBit() {
        // P13 gets 600 children, the depth-2 band then spans eleven words (a quarter: two); its first child D gets
        // 256, the depth-3 band spanning words 10 to 14 (a quarter: one)
        for (int c = 0; c < 600; c++) {
            int child = HandleTable.idOf(store.create(parents[13]));
            parentOf.add(slot(parents[13]));
            store.setPosition(slot(child), c, 0f, 1f);
        }
        int d = store.idAt(91);
        for (int c = 0; c < 256; c++) {
            int child = HandleTable.idOf(store.create(d));
            parentOf.add(91);
            store.setPosition(slot(child), 0f, c, 1f);
        }
        settle();
        assertEquals(691, store.bands().start(6), "the depth-3 band's start");
        for (int s = 100; s < 108; s++) {
            move(s);
        }
        assertEquals(8, run(), "one dirty word of eleven");
        assertEquals(List.of(), kernel.calls, "no block call: the dirty bits alone");
        assertChanged(range(100, 108));
        assertMatchesNodeByNode();

        for (int s = 100; s < 108; s++) {
            move(s);
        }
        move(200);
        assertEquals(9, run(), "two dirty words of eleven");
        assertEquals(List.of("family 96 of P13 lanes 00001111: written", "family 104 of P13 lanes 11110000: written",
                "family 200 of P13 lanes 10000000: written"), kernel.calls, "swept");
        List<Integer> expected = range(100, 108);
        expected.add(200);
        assertChanged(expected);
        assertMatchesNodeByNode();

        kernel.calls.clear();
        move(700);
        assertEquals(1, run(), "one dirty word of five");
        assertEquals(List.of("family 696 of S91 lanes 00001000: written"), kernel.calls, "swept");
        assertChanged(List.of(700));

        // the parent's whole family, whole words of it in one run each
        move(slot(parents[13]));
        assertEquals(1 + 600 + 256, run());
        expected = new ArrayList<>(List.of(14));
        expected.addAll(range(91, 947));
        assertChanged(expected);
        assertMatchesNodeByNode();
    }

    /** Siblings made one after the other lie together; a block whose two families interleave goes lane by lane. */
    @Test
    void aBlockOfInterleavedFamiliesIsComputedLaneByLane() {
        for (int c = 0; c < 5; c++) {
            store.create(parents[12]);
            parentOf.add(slot(parents[12]));
        }
        boolean[] ofP0 = {true, true, false, true, false, false, false, false};
        for (boolean p0 : ofP0) {
            int parent = parents[p0 ? 0 : 1];
            int child = HandleTable.idOf(store.create(parent));
            parentOf.add(slot(parent));
            store.setPosition(slot(child), p0 ? 1f : -1f, slot(child), 0f);
        }
        run();
        assertMatchesNodeByNode();
        kernel.calls.clear();
        move(slot(parents[0]));
        move(slot(parents[1]));
        assertEquals(2 + 16 + 3 + 8, run());
        assertMatchesNodeByNode();
        assertEquals(List.of("run 16 of P0: 2", "run 32 of P1: 0", "family 32 of P1 lanes 11111111: refused",
                "block 32 with P2", "run 96 of P0: 0", "family 96 of P0 lanes 11111111: refused"), kernel.calls);
    }

    /**
     * Roots are computed one by one, never by the block kernel; a static node under a root follows it, and a dynamic
     * node under a static one follows that.
     */
    @Test
    void rootsAndStaticBandsFollowTheirParents() {
        TransformStore own = new TransformStore("nodes", 64, GrowthPolicy.FAIL, (id, slot) -> { });
        RecordingKernel recording = new RecordingKernel();
        TransformPass ownPass = new TransformPass(own, recording);
        int[] roots = new int[16];
        for (int r = 0; r < roots.length; r++) {
            roots[r] = HandleTable.idOf(own.create(Index.NONE));
            own.setPosition(own.slotOfId(roots[r]), r, 1f, 2f);
        }
        own.setGraphRoot(roots[0]);
        int fixed = HandleTable.idOf(own.create(roots[0]));
        own.setStatic(fixed, true);
        int moving = HandleTable.idOf(own.create(fixed));
        int fixedChild = HandleTable.idOf(own.create(fixed));
        own.setStatic(fixedChild, true);
        assertEquals(19, ownPass.run(pool));
        assertEquals(List.of(), recording.calls, "roots lane by lane");
        float[] local = new float[own.worlds().length];
        for (int r = 0; r < roots.length; r++) {
            int s = own.slotOfId(roots[r]);
            TransformKernels.writeLocal(own.positions(), own.orientations(), own.scales(), local, s);
            for (int k = 0; k < M; k++) {
                int at = LaneBlocks.base(s, M) + k * L;
                assertEquals(local[at], own.worlds()[at], "root " + r + " entry " + k);
            }
            assertEquals(r == 0, own.isInGraph(s), "only the graph root is in the graph");
        }
        own.setPosition(own.slotOfId(roots[0]), 5f, 5f, 5f);
        assertEquals(4, ownPass.run(pool), "the root, the static node, and both its children");
        own.setPosition(own.slotOfId(fixed), 1f, 0f, 0f);
        assertEquals(3, ownPass.run(pool), "the static node and both its children");
        assertEquals(0, ownPass.run(pool));
    }

    /**
     * Below depth {@value TransformStore#DEEP} parents and children share the deep bands in any slot order: a node
     * given a parent made after it is still computed after that parent, and each pass recomputes the dirty nodes and
     * everything under them, once.
     */
    @Test
    void deepNodesAreComputedAfterTheirParentsWhateverTheirSlots() {
        TransformStore own = new TransformStore("nodes", 64, GrowthPolicy.FAIL, (id, slot) -> { });
        TransformPass ownPass = new TransformPass(own, new ScalarBlockKernel());
        int[] chain = chain(own, 40, false);
        int late = HandleTable.idOf(own.create(chain[32]));
        int early = HandleTable.idOf(own.create(chain[31]));
        int under = HandleTable.idOf(own.create(late));
        own.setPosition(own.slotOfId(early), 3f, 0f, 0f);
        own.setParent(late, early);
        assertTrue(own.slotOfId(late) < own.slotOfId(early), "the child's slot before its new parent's");
        assertEquals(43, ownPass.run(pool));
        assertDeepChanged(own, 43);
        assertComputedAfterParents(own);

        own.setPosition(own.slotOfId(early), 2f, 1f, 0f);
        assertEquals(3, ownPass.run(pool), "the moved parent and its two descendants");
        assertDeepChanged(own, 3, early, late, under);
        assertComputedAfterParents(own);
        own.setPosition(own.slotOfId(chain[35]), 1f, 1f, 1f);
        assertEquals(5, ownPass.run(pool), "a deep node and its four descendants");
        assertDeepChanged(own, 5, chain[35], chain[36], chain[37], chain[38], chain[39]);
        own.setPosition(own.slotOfId(chain[20]), 1f, 1f, 1f);
        assertEquals(23, ownPass.run(pool), "a node above the deep bands, and 22 under it");
        assertComputedAfterParents(own);
        own.setPosition(own.slotOfId(under), 1f, 1f, 1f);
        assertEquals(1, ownPass.run(pool));
        assertDeepChanged(own, 1, under);
        assertEquals(0, ownPass.run(pool));
        assertDeepChanged(own, 0);
    }

    /** The graph root hidden is in the graph but not shown; a root outside the graph is neither. */
    @Test
    void aHiddenGraphRootIsInTheGraphButNotShown() {
        TransformStore own = new TransformStore("nodes", 8, GrowthPolicy.FAIL, (id, slot) -> { });
        TransformPass ownPass = new TransformPass(own, new ScalarBlockKernel());
        int graphRoot = HandleTable.idOf(own.create(Index.NONE));
        int free = HandleTable.idOf(own.create(Index.NONE));
        own.setGraphRoot(graphRoot);
        own.setHidden(own.slotOfId(graphRoot), true);
        ownPass.run(pool);
        int shownOrInGraph = TransformStore.IN_GRAPH | TransformStore.SHOWN;
        assertEquals(TransformStore.IN_GRAPH, own.flags()[own.slotOfId(graphRoot)] & shownOrInGraph, "hidden");
        assertEquals(0, own.flags()[own.slotOfId(free)] & shownOrInGraph, "outside the graph");
        own.setHidden(own.slotOfId(graphRoot), false);
        ownPass.run(pool);
        assertEquals(shownOrInGraph, own.flags()[own.slotOfId(graphRoot)] & shownOrInGraph, "shown again");
    }

    /**
     * A static node at the last depth above the deep bands lies in that depth's static band: a move of it reaches its
     * deep descendants as a move of a dynamic one does.
     */
    @Test
    void aStaticParentAboveTheDeepBandsCarriesItsDeepDescendants() {
        TransformStore own = new TransformStore("nodes", 64, GrowthPolicy.FAIL, (id, slot) -> { });
        TransformPass ownPass = new TransformPass(own, new ScalarBlockKernel());
        int[] chain = chain(own, 36, true);
        int dynamicDeep = HandleTable.idOf(own.create(chain[TransformStore.DEEP]));
        assertEquals(chain.length + 1, ownPass.run(pool));
        assertComputedAfterParents(own);

        own.setPosition(own.slotOfId(chain[TransformStore.DEEP - 1]), 1f, 2f, 3f);
        assertEquals(1 + 4 + 1, ownPass.run(pool), "the static node at depth 31, its four deep descendants and theirs");
        assertDeepChanged(own, 6, chain[TransformStore.DEEP - 1], chain[TransformStore.DEEP], chain[35], dynamicDeep);
        assertComputedAfterParents(own);
        assertEquals(0, ownPass.run(pool));
    }

    /**
     * The ids of a chain of {@code length} nodes: the graph root, then each node the child of the one before, moved and
     * turned a little, and static below the root when {@code fixed}.
     */
    private static int[] chain(TransformStore own, int length, boolean fixed) {
        int[] chain = new int[length];
        chain[0] = HandleTable.idOf(own.create(Index.NONE));
        own.setGraphRoot(chain[0]);
        for (int d = 1; d < length; d++) {
            chain[d] = HandleTable.idOf(own.create(chain[d - 1]));
            own.setStatic(chain[d], fixed);
            int s = own.slotOfId(chain[d]);
            own.setPosition(s, 0.5f, 0.25f * (d % 3), 0f);
            own.setOrientation(s, 0f, 0f, (float) Math.sin(0.05 * d), (float) Math.cos(0.05 * d));
        }
        return chain;
    }

    private static void assertDeepChanged(TransformStore own, int count, int... ids) {
        SummaryBitSet changed = own.changedSlots();
        changed.validate("changed slots");
        List<Integer> found = new ArrayList<>();
        for (int s = changed.nextSetBit(0, own.size()); s != Index.NONE; s = changed.nextSetBit(s + 1, own.size())) {
            found.add(s);
        }
        assertEquals(count, found.size(), "the changed slots " + found);
        for (int id : ids) {
            assertTrue(found.contains(own.slotOfId(id)), "node " + id + " recomputed");
        }
    }

    /** Every node's matrix as computed from its parent's, parents first. */
    private static void assertComputedAfterParents(TransformStore own) {
        float[] world = own.worlds().clone();
        boolean[] done = new boolean[own.size()];
        for (int s = 0; s < own.size(); s++) {
            computeAfterParent(own, world, done, s);
        }
        for (int s = 0; s < own.size(); s++) {
            for (int k = 0; k < M; k++) {
                int at = LaneBlocks.base(s, M) + k * L;
                assertEquals(world[at], own.worlds()[at], "slot " + s + " entry " + k);
            }
        }
    }

    private static void computeAfterParent(TransformStore own, float[] world, boolean[] done, int slot) {
        if (done[slot]) {
            return;
        }
        int parent = own.parentId(slot);
        if (parent == Index.NONE) {
            TransformKernels.writeLocal(own.positions(), own.orientations(), own.scales(), world, slot);
        } else {
            computeAfterParent(own, world, done, own.slotOfId(parent));
            TransformKernels.writeChild(own.positions(), own.orientations(), own.scales(), world, slot,
                    own.slotOfId(parent), true, true);
        }
        done[slot] = true;
    }

    private int run() {
        return pass.run(pool);
    }

    /** A first pass, and the recorded calls forgotten. */
    private void settle() {
        run();
        kernel.calls.clear();
    }

    private void move(int slot) {
        float[] p = store.positions();
        int b = LaneBlocks.base(slot, TransformStore.VECTOR_WIDTH);
        store.setPosition(slot, p[b] + 1f, p[b + L] - 0.5f, p[b + 2 * L] + 0.25f);
    }

    /** Marks a node's matrix, as a pass that leaves the node alone keeps it. */
    private void poison(int slot) {
        store.worlds()[LaneBlocks.base(slot, M) + 9 * L] = Float.NaN;
    }

    private void assertPoisoned(int slot) {
        assertEquals(Float.NaN, store.worlds()[LaneBlocks.base(slot, M) + 9 * L], "slot " + slot + " left alone");
    }

    /** Recomputes every node again, so that the poisoned matrices are what they were. */
    private void unpoison() {
        for (int s = 0; s < store.size(); s++) {
            move(s);
            move(s);
        }
        run();
        kernel.calls.clear();
    }

    private static List<Integer> range(int from, int to) {
        List<Integer> slots = new ArrayList<>();
        for (int s = from; s < to; s++) {
            slots.add(s);
        }
        return slots;
    }

    private void assertChanged(List<Integer> expected) {
        SummaryBitSet changed = store.changedSlots();
        changed.validate("changed slots");
        List<Integer> found = new ArrayList<>();
        for (int s = changed.nextSetBit(0, store.size()); s != Index.NONE; s = changed.nextSetBit(s + 1,
                store.size())) {
            found.add(s);
        }
        assertEquals(new ArrayList<>(new TreeSet<>(expected)), found, "the changed slots");
    }

    /** Every node's matrix and flags as each node computed alone after its parent gives them. */
    private void assertMatchesNodeByNode() {
        float[] position = store.positions();
        float[] orientation = store.orientations();
        float[] scale = store.scales();
        float[] world = store.worlds().clone();
        int[] flags = store.flags();
        int[] expectedFlags = flags.clone();
        for (int s = 0; s < store.size(); s++) {
            int parent = parentOf.get(s);
            int f = flags[s];
            if (parent == Index.NONE) {
                TransformKernels.writeLocal(position, orientation, scale, world, s);
                expectedFlags[s] = (f & ~(TransformStore.IN_GRAPH | TransformStore.SHOWN | TransformStore.MIRRORED))
                        | TransformStore.IN_GRAPH | TransformStore.SHOWN;
                continue;
            }
            boolean inheritsScale = (f & TransformStore.INHERIT_SCALE) != 0;
            TransformKernels.writeChild(position, orientation, scale, world, s, parent, true, inheritsScale);
            boolean shown = (expectedFlags[parent] & TransformStore.SHOWN) != 0 && (f & TransformStore.HIDDEN) == 0;
            boolean mirrored = TransformKernels.linearDeterminant(world, s) < 0f;
            expectedFlags[s] = (f & ~(TransformStore.IN_GRAPH | TransformStore.SHOWN | TransformStore.MIRRORED))
                    | TransformStore.IN_GRAPH | (shown ? TransformStore.SHOWN : 0)
                    | (mirrored ? TransformStore.MIRRORED : 0);
        }
        for (int s = 0; s < store.size(); s++) {
            int w = LaneBlocks.base(s, M);
            for (int k = 0; k < M; k++) {
                assertEquals(world[w + k * L], store.worlds()[w + k * L], "slot " + s + " entry " + k);
            }
            assertEquals(expectedFlags[s], flags[s], "flags of slot " + s);
        }
    }

    /** The scalar kernel, each call recorded: its first slot, the parent named by family, and what it did. */
    private final class RecordingKernel implements PlainBlockKernel {
        final List<String> calls = new ArrayList<>();
        private final ScalarBlockKernel kernel = new ScalarBlockKernel();

        private String name(int parentSlot) {
            return parentSlot == 0 ? "R" : parentSlot <= PARENTS ? "P" + (parentSlot - 1) : "S" + parentSlot;
        }

        @Override
        public void writeBlock(float[] position, float[] orientation, float[] scale, float[] world, int first,
                               int parentSlot) {
            calls.add("block " + first + " with " + name(parentSlot));
            kernel.writeBlock(position, orientation, scale, world, first, parentSlot);
        }

        @Override
        public boolean writeFamilyBlock(float[] position, float[] orientation, float[] scale, float[] world,
                                        int[] flags, int[] parentSlots, int first, int parentSlot, int stale) {
            boolean written = kernel.writeFamilyBlock(position, orientation, scale, world, flags, parentSlots, first,
                    parentSlot, stale);
            String lanes = new StringBuilder(String.format("%8s", Integer.toBinaryString(stale)).replace(' ', '0'))
                    .reverse().toString();
            calls.add("family " + first + " of " + name(parentSlot) + " lanes " + lanes + ": "
                    + (written ? "written" : "refused"));
            return written;
        }

        @Override
        public int writeFamilyRun(float[] position, float[] orientation, float[] scale, float[] world, int[] flags,
                                  int[] parentSlots, int first, int blocks, int parentSlot) {
            int run = kernel.writeFamilyRun(position, orientation, scale, world, flags, parentSlots, first, blocks,
                    parentSlot);
            calls.add("run " + first + " of " + name(parentSlot) + ": " + run);
            return run;
        }

        @Override
        public TransformKernel kind() {
            return TransformKernel.SCALAR;
        }

        @Override
        public String description() {
            return "recording";
        }
    }
}
