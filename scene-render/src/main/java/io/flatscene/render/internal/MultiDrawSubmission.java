package io.flatscene.render.internal;

import io.flatscene.core.container.Capacity;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.scene.ChangedSlots;
import io.flatscene.core.scene.RenderQueue;
import java.nio.IntBuffer;
import java.util.Arrays;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.lwjgl.system.MemoryUtil;

import static org.lwjgl.opengl.GL11C.GL_UNSIGNED_INT;
import static org.lwjgl.opengl.GL15C.GL_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL15C.glBindBuffer;
import static org.lwjgl.opengl.GL32C.GL_ALREADY_SIGNALED;
import static org.lwjgl.opengl.GL32C.GL_CONDITION_SATISFIED;
import static org.lwjgl.opengl.GL32C.GL_SYNC_FLUSH_COMMANDS_BIT;
import static org.lwjgl.opengl.GL32C.GL_SYNC_GPU_COMMANDS_COMPLETE;
import static org.lwjgl.opengl.GL32C.GL_WAIT_FAILED;
import static org.lwjgl.opengl.GL32C.glClientWaitSync;
import static org.lwjgl.opengl.GL32C.glDeleteSync;
import static org.lwjgl.opengl.GL32C.glFenceSync;
import static org.lwjgl.opengl.GL40C.GL_DRAW_INDIRECT_BUFFER;
import static org.lwjgl.opengl.GL43C.glMultiDrawElementsIndirect;

/**
 * The GL 4.4 path, with the scene's world matrices resident on the GPU: instances are a thin stream (transform
 * slot, material and tint, 4 bytes each, in three runs a region), draw commands, and {@link ResidentMatrices} copies
 * refreshed only where the scene's changed-slot set says, all in persistently mapped, coherent buffers split into
 * {@link #REGIONS} regions. A frame that changes nothing the last region holds (a still scene and camera) draws
 * that region again and writes nothing; otherwise frame n writes region n mod 3 while the GPU may still read the
 * two before it. A fence per region, set after the frame's draws, is waited on before the region is written again,
 * so the CPU never overwrites what the GPU reads and, with three regions, rarely waits at all.
 */
public final class MultiDrawSubmission implements DrawSubmission {
    private static final Logger LOG = LogManager.getLogger(MultiDrawSubmission.class);
    static final int REGIONS = 3;
    static final int COMMAND_BYTES = InstanceStream.COMMAND_INTS * Integer.BYTES;
    private static final long FENCE_POLL_NANOS = 1_000_000_000L;
    /** A GPU this late has hung or been lost; waiting longer would freeze the game without telling anyone. */
    private static final int FENCE_POLLS = 10;

    private final long[] fences = new long[REGIONS];
    private final InstanceStream stream = new InstanceStream();
    private final ResidentMatrices matrices;
    private final PersistentBuffer instanceBuffer = new PersistentBuffer(GL_ARRAY_BUFFER, "instance");
    private final PersistentBuffer commandBuffer = new PersistentBuffer(GL_DRAW_INDIRECT_BUFFER, "draw command");
    /** What a refused mapping of the instance buffers names to lower: they are sized by both. */
    private final String instancesRemedy;
    private IntBuffer instanceInts;
    private IntBuffer commandInts;
    private int capacity;
    /** The stream version each region holds; -1 for none. */
    private final long[] regionStream = new long[REGIONS];
    private int region = REGIONS - 1;
    private long waitNanos;
    private long matrixBytes;
    private long instanceBytes;

    /**
     * @param instancesKey the configuration key of the initial instance count (and of {@code initialSlots}), which
     *                     a refused mapping of the instance buffers, or of the first world matrices, names as the
     *                     remedy
     */
    public MultiDrawSubmission(int initialInstances, int initialSlots, String instancesKey) {
        instancesRemedy = instancesKey + " or the scene's visible items";
        allocate(initialInstances);
        try {
            matrices = new ResidentMatrices(VertexLayout.WORLD_MATRIX_BINDING, initialSlots, instancesKey);
        } catch (RuntimeException e) {
            releaseInstances();
            throw e;
        }
    }

    /** Capacity counts instances; commands never outnumber instances, since every batch holds at least one. */
    private void allocate(int instances) {
        // per region: every instance's slot, then every material, then every tint (three attributes, one buffer)
        long records = instanceBuffer.map((long) REGIONS * instances * VertexLayout.SLOT_INSTANCE_BYTES,
                instancesRemedy);
        long commands;
        try {
            commands = commandBuffer.map((long) REGIONS * instances * COMMAND_BYTES, instancesRemedy);
        } catch (RuntimeException e) {
            instanceBuffer.release();
            throw e;
        }
        capacity = instances;
        instanceInts = MemoryUtil.memIntBuffer(records, REGIONS * instances * VertexLayout.SLOT_INSTANCE_INTS);
        commandInts = MemoryUtil.memIntBuffer(commands, REGIONS * instances * InstanceStream.COMMAND_INTS);
        Arrays.fill(regionStream, -1L);
    }

    private void releaseInstances() {
        instanceBuffer.release();
        commandBuffer.release();
        instanceInts = null;
        commandInts = null;
    }

    private void waitForAll() {
        for (int r = 0; r < REGIONS; r++) {
            waitFor(r);
        }
    }

    private void waitFor(int r) {
        long fence = fences[r];
        if (fence == 0L) {
            return;
        }
        for (int poll = 1; ; poll++) {
            int status = glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT, FENCE_POLL_NANOS);
            if (status == GL_ALREADY_SIGNALED || status == GL_CONDITION_SATISFIED) {
                break;
            }
            if (status == GL_WAIT_FAILED || poll == FENCE_POLLS) {
                throw new IllegalStateException("the GPU has not finished the frame in instance region " + r
                        + (status == GL_WAIT_FAILED ? ": waiting failed" : " after " + FENCE_POLLS + " s")
                        + "; the context may be lost");
            }
        }
        glDeleteSync(fence);
        fences[r] = 0L;
    }

    @Override
    public long upload(RenderQueue queue, MeshRanges meshes) {
        // the scene's own sets, which the queue names: a queue is read on any thread, the scene's state under its guard
        ChangedSlots changes = queue.changedSlots();
        stream.update(queue, meshes);
        matrices.record(changes);
        waitNanos = 0L;
        matrixBytes = 0L;
        instanceBytes = 0L;
        if (regionStream[region] == stream.version() && matrices.isCurrent(region, changes)) {
            return 0L;
        }
        int instances = stream.instances();
        if (instances > capacity || matrices.needsGrowth(changes)) {
            waitForAll();
            grow(changes, instances);
        }
        region = (region + 1) % REGIONS;
        long waitStart = System.nanoTime();
        waitFor(region);
        waitNanos = System.nanoTime() - waitStart;
        if (regionStream[region] != stream.version()) {
            int regionInts = region * capacity * VertexLayout.SLOT_INSTANCE_INTS;
            instanceInts.put(regionInts, stream.slots(), 0, instances);
            instanceInts.put(regionInts + capacity, stream.materials(), 0, instances);
            instanceInts.put(regionInts + 2 * capacity, stream.tints(), 0, instances);
            commandInts.put(region * capacity * InstanceStream.COMMAND_INTS, stream.commands(), 0,
                    stream.batches() * InstanceStream.COMMAND_INTS);
            regionStream[region] = stream.version();
            instanceBytes = (long) instances * VertexLayout.SLOT_INSTANCE_BYTES
                    + (long) stream.batches() * COMMAND_BYTES;
        }
        matrixBytes = matrices.needsWholeCopy(region, changes) && noFencePending()
                ? matrices.refreshAll(changes, queue.worldMatrices())
                : matrices.refresh(region, changes, queue.worldMatrices());
        return matrixBytes + instanceBytes;
    }

    private boolean noFencePending() {
        for (long fence : fences) {
            if (fence != 0L) {
                return false;
            }
        }
        return true;
    }

    /** Grows whichever buffers are too small, once the GPU is done with every region. */
    private void grow(ChangedSlots changes, int instances) {
        if (instances > capacity) {
            int previous = capacity;
            int grown = Capacity.next("instance buffer", GrowthPolicy.ON_DEMAND, capacity, instances);
            releaseInstances();
            allocate(grown);
            LOG.info("instance buffer grew from {} to {} instances ({} KiB for {} frames in flight)", previous,
                    grown, (long) REGIONS * grown * (VertexLayout.SLOT_INSTANCE_BYTES + COMMAND_BYTES) >> 10,
                    REGIONS);
        }
        if (matrices.needsGrowth(changes)) {
            int previous = matrices.grow(changes);
            LOG.info("resident world matrices grew from {} to {} slots ({} MiB for {} frames in flight)", previous,
                    matrices.slotCapacity(), (long) REGIONS * matrices.slotCapacity()
                            * ResidentMatrices.MATRIX_FLOATS * Float.BYTES >> 20, REGIONS);
        }
    }

    private long regionInstanceOffset() {
        return (long) region * capacity * VertexLayout.SLOT_INSTANCE_BYTES;
    }

    @Override
    public long waitNanos() {
        return waitNanos;
    }

    @Override
    public long matrixBytes() {
        return matrixBytes;
    }

    @Override
    public long instanceBytes() {
        return instanceBytes;
    }

    @Override
    public void bindInstances() {
        glBindBuffer(GL_ARRAY_BUFFER, instanceBuffer.name());
        // the region's start goes into the attribute offset, so each command's base instance is the batch's own
        long slots = regionInstanceOffset();
        VertexLayout.pointSlotAttributes(slots, slots + (long) capacity * Integer.BYTES,
                slots + 2L * capacity * Integer.BYTES);
        glBindBuffer(GL_DRAW_INDIRECT_BUFFER, commandBuffer.name());
        matrices.bind(region);
    }

    @Override
    public int drawRun(int firstBatch, int batchCount, int glMode) {
        long offset = ((long) region * capacity + firstBatch) * COMMAND_BYTES;
        glMultiDrawElementsIndirect(glMode, GL_UNSIGNED_INT, offset, batchCount, 0);
        return 1;
    }

    @Override
    public void endFrame() {
        // a region drawn again gets a newer fence, which covers the older draws too
        if (fences[region] != 0L) {
            glDeleteSync(fences[region]);
        }
        fences[region] = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
        glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
    }

    @Override
    public void release(boolean contextCurrent) {
        if (contextCurrent) {
            waitForAll();
            releaseInstances();
            matrices.delete();
        } else {
            // the context took the buffers, their mappings and the fences with it
            instanceBuffer.forget();
            commandBuffer.forget();
            matrices.forget();
            instanceInts = null;
            commandInts = null;
        }
    }
}
