package io.flatscene.render.internal;

import io.flatscene.core.container.Capacity;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.scene.RenderQueue;
import io.flatscene.render.MeshRegistry;
import io.flatscene.render.RendererConfig;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.lwjgl.system.MemoryUtil;

import static org.lwjgl.opengl.GL11C.GL_TRIANGLES;
import static org.lwjgl.opengl.GL11C.GL_UNSIGNED_INT;
import static org.lwjgl.opengl.GL15C.GL_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL15C.glBindBuffer;
import static org.lwjgl.opengl.GL15C.glDeleteBuffers;
import static org.lwjgl.opengl.GL15C.glGenBuffers;
import static org.lwjgl.opengl.GL15C.glUnmapBuffer;
import static org.lwjgl.opengl.GL30C.GL_MAP_WRITE_BIT;
import static org.lwjgl.opengl.GL30C.nglMapBufferRange;
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
import static org.lwjgl.opengl.GL44C.GL_MAP_COHERENT_BIT;
import static org.lwjgl.opengl.GL44C.GL_MAP_PERSISTENT_BIT;
import static org.lwjgl.opengl.GL44C.nglBufferStorage;

/**
 * The GL 4.4 path: instances and draw commands written straight into persistently mapped, coherent buffers split
 * into {@link #REGIONS} regions. Frame n writes region n mod 3 while the GPU may still read the two before it; a
 * fence per region, set after the frame's draws, is waited on before the region is written again, so the CPU never
 * overwrites what the GPU reads and, with three regions, rarely waits at all.
 */
public final class MultiDrawSubmission implements DrawSubmission {
    private static final Logger LOG = LogManager.getLogger(MultiDrawSubmission.class);
    static final int REGIONS = 3;
    /** count, instanceCount, firstIndex, baseVertex, baseInstance: DrawElementsIndirectCommand. */
    static final int COMMAND_BYTES = 5 * Integer.BYTES;
    private static final long FENCE_POLL_NANOS = 1_000_000_000L;
    /** A GPU this late has hung or been lost; waiting longer would freeze the game without telling anyone. */
    private static final int FENCE_POLLS = 10;

    private final long[] fences = new long[REGIONS];
    private int capacity;
    private int instanceBuffer;
    private int commandBuffer;
    private long instanceMemory;
    private long commandMemory;
    private int region = REGIONS - 1;
    private long waitNanos;

    public MultiDrawSubmission(int initialInstances) {
        allocate(initialInstances);
    }

    /**
     * Capacity counts instances; commands never outnumber instances, since every batch holds at least one. The fields
     * change only once both buffers are mapped, so a failure leaves no name behind that close() would delete twice.
     */
    private void allocate(int instances) {
        int instanceName = glGenBuffers();
        long instanceAddress = mapPersistent(GL_ARRAY_BUFFER, instanceName, "instance",
                (long) REGIONS * instances * VertexLayout.INSTANCE_BYTES);
        int commandName = glGenBuffers();
        long commandAddress;
        try {
            commandAddress = mapPersistent(GL_DRAW_INDIRECT_BUFFER, commandName, "draw command",
                    (long) REGIONS * instances * COMMAND_BYTES);
        } catch (RuntimeException e) {
            unmapAndDelete(GL_ARRAY_BUFFER, instanceName);
            throw e;
        }
        capacity = instances;
        instanceBuffer = instanceName;
        instanceMemory = instanceAddress;
        commandBuffer = commandName;
        commandMemory = commandAddress;
    }

    private static long mapPersistent(int target, int buffer, String what, long bytes) {
        int flags = GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
        glBindBuffer(target, buffer);
        nglBufferStorage(target, bytes, 0L, flags);
        long address = nglMapBufferRange(target, 0L, bytes, flags);
        glBindBuffer(target, 0);
        if (address == 0L) {
            glDeleteBuffers(buffer);
            throw new IllegalStateException("cannot map a persistent " + what + " buffer of " + bytes + " bytes ("
                    + REGIONS + " frames of instances); lower " + RendererConfig.INITIAL_INSTANCES_KEY
                    + " or the scene's visible items");
        }
        return address;
    }

    private static void unmapAndDelete(int target, int buffer) {
        glBindBuffer(target, buffer);
        glUnmapBuffer(target);
        glBindBuffer(target, 0);
        glDeleteBuffers(buffer);
    }

    private void release() {
        for (int r = 0; r < REGIONS; r++) {
            waitFor(r);
        }
        unmapAndDelete(GL_ARRAY_BUFFER, instanceBuffer);
        unmapAndDelete(GL_DRAW_INDIRECT_BUFFER, commandBuffer);
        instanceBuffer = 0;
        commandBuffer = 0;
        instanceMemory = 0L;
        commandMemory = 0L;
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
    public long upload(RenderQueue queue, MeshRegistry meshes) {
        int instances = queue.instanceCount();
        if (instances > capacity) {
            int previous = capacity;
            int grown = Capacity.next("instance buffer", GrowthPolicy.ON_DEMAND, capacity, instances);
            release();
            region = REGIONS - 1;
            allocate(grown);
            LOG.info("instance buffer grew from {} to {} instances ({} MiB for {} frames in flight)", previous, grown,
                    (long) REGIONS * grown * (VertexLayout.INSTANCE_BYTES + COMMAND_BYTES) >> 20, REGIONS);
        }
        region = (region + 1) % REGIONS;
        long waitStart = System.nanoTime();
        waitFor(region);
        waitNanos = System.nanoTime() - waitStart;
        InstanceWriter.write(queue, instanceMemory + regionInstanceOffset());
        long commands = commandMemory + (long) region * capacity * COMMAND_BYTES;
        int batches = queue.batchCount();
        for (int batch = 0; batch < batches; batch++) {
            int mesh = queue.batchMeshId(batch);
            long command = commands + (long) batch * COMMAND_BYTES;
            MemoryUtil.memPutInt(command, meshes.indexCount(mesh));
            MemoryUtil.memPutInt(command + 4, queue.batchInstanceCount(batch));
            MemoryUtil.memPutInt(command + 8, meshes.firstIndex(mesh));
            MemoryUtil.memPutInt(command + 12, meshes.baseVertex(mesh));
            MemoryUtil.memPutInt(command + 16, queue.batchFirstInstance(batch));
        }
        return (long) instances * VertexLayout.INSTANCE_BYTES + (long) batches * COMMAND_BYTES;
    }

    private long regionInstanceOffset() {
        return (long) region * capacity * VertexLayout.INSTANCE_BYTES;
    }

    @Override
    public long waitNanos() {
        return waitNanos;
    }

    @Override
    public void bindInstances() {
        glBindBuffer(GL_ARRAY_BUFFER, instanceBuffer);
        // the region's start goes into the attribute offset, so each command's base instance is the batch's own
        VertexLayout.pointInstanceAttributes(regionInstanceOffset());
        glBindBuffer(GL_DRAW_INDIRECT_BUFFER, commandBuffer);
    }

    @Override
    public int drawRun(int firstBatch, int batchCount) {
        long offset = ((long) region * capacity + firstBatch) * COMMAND_BYTES;
        glMultiDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_INT, offset, batchCount, 0);
        return 1;
    }

    @Override
    public void endFrame() {
        fences[region] = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
        glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
    }

    @Override
    public void delete() {
        if (instanceBuffer != 0) {
            release();
        }
    }
}
