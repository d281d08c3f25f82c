package io.flatscene.render.internal;

import io.flatscene.core.container.Capacity;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.scene.RenderQueue;
import java.util.Arrays;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.lwjgl.system.MemoryUtil;

import static org.lwjgl.opengl.GL11C.GL_UNSIGNED_INT;
import static org.lwjgl.opengl.GL15C.GL_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL15C.GL_STREAM_DRAW;
import static org.lwjgl.opengl.GL15C.glBindBuffer;
import static org.lwjgl.opengl.GL15C.glDeleteBuffers;
import static org.lwjgl.opengl.GL15C.glGenBuffers;
import static org.lwjgl.opengl.GL15C.nglBufferData;
import static org.lwjgl.opengl.GL15C.nglBufferSubData;
import static org.lwjgl.opengl.GL32C.glDrawElementsInstancedBaseVertex;

/**
 * The GL 4.1 path: every instance with its world matrix, written into CPU memory each frame, then handed over with
 * {@code glBufferSubData} after orphaning the buffer (so the driver never waits for the previous frame's draws), one
 * instanced draw per batch with the instance attributes pointed at the batch's first record (4.1 has no base
 * instance).
 */
public final class InstancedSubmission implements DrawSubmission {
    private static final Logger LOG = LogManager.getLogger(InstancedSubmission.class);

    private final int buffer;
    private long staging;
    private int capacity;
    /** Per batch of the last upload: index count, first index, base vertex, first instance, instance count. */
    private int[] draws = new int[5 * 64];
    private int uploaded;

    public InstancedSubmission(int initialInstances) {
        capacity = initialInstances;
        staging = MemoryUtil.nmemAllocChecked((long) capacity * VertexLayout.MATRIX_INSTANCE_BYTES);
        buffer = glGenBuffers();
    }

    @Override
    public long upload(RenderQueue queue, MeshRanges meshes) {
        int instances = queue.instanceCount();
        if (instances > capacity) {
            int grown = Capacity.next("instance staging buffer", GrowthPolicy.ON_DEMAND, capacity, instances);
            staging = MemoryUtil.nmemReallocChecked(staging, (long) grown * VertexLayout.MATRIX_INSTANCE_BYTES);
            LOG.info("instance buffer grew from {} to {} instances", capacity, grown);
            capacity = grown;
        }
        InstanceWriter.write(queue, staging);
        recordDraws(queue, meshes);
        long bytes = (long) instances * VertexLayout.MATRIX_INSTANCE_BYTES;
        uploaded = instances;
        glBindBuffer(GL_ARRAY_BUFFER, buffer);
        nglBufferData(GL_ARRAY_BUFFER, (long) capacity * VertexLayout.MATRIX_INSTANCE_BYTES, 0L, GL_STREAM_DRAW);
        nglBufferSubData(GL_ARRAY_BUFFER, 0L, bytes, staging);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        return bytes;
    }

    private void recordDraws(RenderQueue queue, MeshRanges meshes) {
        int batches = queue.batchCount();
        if (draws.length < batches * 5) {
            draws = Arrays.copyOf(draws, Math.max(batches * 5, draws.length * 2));
        }
        for (int batch = 0; batch < batches; batch++) {
            int mesh = queue.batchMeshId(batch);
            int at = batch * 5;
            draws[at] = meshes.indexCount(mesh);
            draws[at + 1] = meshes.firstIndex(mesh);
            draws[at + 2] = meshes.baseVertex(mesh);
            draws[at + 3] = queue.batchFirstInstance(batch);
            draws[at + 4] = queue.batchInstanceCount(batch);
        }
    }

    @Override
    public long matrixBytes() {
        return (long) uploaded * VertexLayout.MATRIX_BYTES;
    }

    @Override
    public long instanceBytes() {
        return (long) uploaded * (VertexLayout.MATRIX_INSTANCE_BYTES - VertexLayout.MATRIX_BYTES);
    }

    @Override
    public long waitNanos() {
        return 0L;
    }

    @Override
    public void bindInstances() {
        glBindBuffer(GL_ARRAY_BUFFER, buffer);
    }

    @Override
    public int drawRun(int firstBatch, int batchCount, int glMode) {
        for (int batch = firstBatch; batch < firstBatch + batchCount; batch++) {
            int at = batch * 5;
            VertexLayout.pointMatrixAttributes((long) draws[at + 3] * VertexLayout.MATRIX_INSTANCE_BYTES);
            glDrawElementsInstancedBaseVertex(glMode, draws[at], GL_UNSIGNED_INT,
                    (long) draws[at + 1] * Integer.BYTES, draws[at + 4], draws[at + 2]);
        }
        return batchCount;
    }

    @Override
    public void endFrame() {
        // orphaning already keeps this frame's data apart from the next one's
    }

    @Override
    public void release(boolean contextCurrent) {
        if (contextCurrent) {
            glDeleteBuffers(buffer);
        }
        MemoryUtil.nmemFree(staging);
        staging = 0L;
    }
}
