package io.flatscene.render;

import io.flatscene.core.container.Capacity;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.scene.RenderQueue;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.lwjgl.system.MemoryUtil;

import static org.lwjgl.opengl.GL11C.GL_TRIANGLES;
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
 * The GL 4.1 path: instances written into CPU memory, then handed over with {@code glBufferSubData} after orphaning
 * the buffer (so the driver never waits for the previous frame's draws), one instanced draw per batch with the
 * instance attributes pointed at the batch's first record (4.1 has no base instance).
 */
final class InstancedSubmission implements DrawSubmission {
    private static final Logger LOG = LogManager.getLogger(InstancedSubmission.class);

    private final int buffer;
    private long staging;
    private int capacity;
    private int instances;

    InstancedSubmission(int initialInstances) {
        capacity = initialInstances;
        staging = MemoryUtil.nmemAllocChecked((long) capacity * VertexLayout.INSTANCE_BYTES);
        buffer = glGenBuffers();
    }

    @Override
    public long upload(RenderQueue queue, MeshRegistry meshes) {
        instances = queue.instanceCount();
        if (instances > capacity) {
            int grown = Capacity.next("instance staging buffer", GrowthPolicy.ON_DEMAND, capacity, instances);
            staging = MemoryUtil.nmemReallocChecked(staging, (long) grown * VertexLayout.INSTANCE_BYTES);
            LOG.info("instance buffer grew from {} to {} instances", capacity, grown);
            capacity = grown;
        }
        InstanceWriter.write(queue, staging);
        long bytes = (long) instances * VertexLayout.INSTANCE_BYTES;
        glBindBuffer(GL_ARRAY_BUFFER, buffer);
        nglBufferData(GL_ARRAY_BUFFER, (long) capacity * VertexLayout.INSTANCE_BYTES, 0L, GL_STREAM_DRAW);
        nglBufferSubData(GL_ARRAY_BUFFER, 0L, bytes, staging);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        return bytes;
    }

    @Override
    public void bindInstances() {
        glBindBuffer(GL_ARRAY_BUFFER, buffer);
    }

    @Override
    public int drawRun(RenderQueue queue, MeshRegistry meshes, int firstBatch, int batchCount) {
        for (int batch = firstBatch; batch < firstBatch + batchCount; batch++) {
            int mesh = queue.batchMeshId(batch);
            VertexLayout.pointInstanceAttributes((long) queue.batchFirstInstance(batch) * VertexLayout.INSTANCE_BYTES);
            glDrawElementsInstancedBaseVertex(GL_TRIANGLES, meshes.indexCount(mesh), GL_UNSIGNED_INT,
                    (long) meshes.firstIndex(mesh) * Integer.BYTES, queue.batchInstanceCount(batch),
                    meshes.baseVertex(mesh));
        }
        return batchCount;
    }

    @Override
    public void endFrame() {
        // orphaning already keeps this frame's data apart from the next one's
    }

    @Override
    public void delete() {
        glDeleteBuffers(buffer);
        MemoryUtil.nmemFree(staging);
        staging = 0L;
    }
}
