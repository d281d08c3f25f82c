package io.flatscene.render;

import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.List;
import org.lwjgl.system.MemoryUtil;

import static org.lwjgl.opengl.GL15C.GL_DYNAMIC_DRAW;
import static org.lwjgl.opengl.GL15C.glBindBuffer;
import static org.lwjgl.opengl.GL15C.glBufferData;
import static org.lwjgl.opengl.GL15C.glBufferSubData;
import static org.lwjgl.opengl.GL15C.glDeleteBuffers;
import static org.lwjgl.opengl.GL15C.glGenBuffers;
import static org.lwjgl.opengl.GL31C.GL_UNIFORM_BUFFER;

/**
 * The materials the renderer shades with, in one uniform buffer the shader indexes by material id (the
 * {@code materialId} items are created with). The capacity is fixed at startup ({@link RendererConfig#maxMaterials()})
 * because the shader declares the array's size.
 */
public final class MaterialRegistry {
    /** std140: base color vec4, then (specular, shininess, emission, unused). */
    static final int FLOATS_PER_MATERIAL = 8;

    private final Thread owner;
    private final int capacity;
    private final List<Material> materials = new ArrayList<>();
    private final FloatBuffer staging;
    private final int uniformBuffer;
    /** Materials below this id are on the GPU as they are now; set lowers it, the next frame uploads from there. */
    private int uploadedUpTo;
    private boolean closed;

    MaterialRegistry(Thread owner, int capacity) {
        this.owner = owner;
        this.capacity = capacity;
        staging = MemoryUtil.memAllocFloat(capacity * FLOATS_PER_MATERIAL);
        uniformBuffer = glGenBuffers();
        glBindBuffer(GL_UNIFORM_BUFFER, uniformBuffer);
        glBufferData(GL_UNIFORM_BUFFER, (long) capacity * FLOATS_PER_MATERIAL * Float.BYTES, GL_DYNAMIC_DRAW);
        glBindBuffer(GL_UNIFORM_BUFFER, 0);
    }

    /**
     * @return the new material's id
     * @throws IllegalStateException when all {@link #capacity()} materials are taken, naming the setting to raise
     */
    public int add(Material material) {
        checkMaterial(material);
        checkOwner(material);
        if (materials.size() == capacity) {
            throw new IllegalStateException("cannot add " + material + ": all " + capacity + " materials are in use;"
                    + " raise " + RendererConfig.MAX_MATERIALS_KEY);
        }
        materials.add(material);
        return materials.size() - 1;
    }

    /** Replaces material {@code materialId}; items drawn with it change from the next frame. */
    public void set(int materialId, Material material) {
        checkMaterial(material);
        checkOwner(material);
        materials.set(check(materialId), material);
        uploadedUpTo = Math.min(uploadedUpTo, materialId);
    }

    public Material get(int materialId) {
        return materials.get(check(materialId));
    }

    public int count() {
        return materials.size();
    }

    public int capacity() {
        return capacity;
    }

    boolean contains(int materialId) {
        return materialId >= 0 && materialId < materials.size();
    }

    /**
     * Uploads what changed since the last frame through the uniform-buffer binding, which it leaves at 0.
     *
     * @return bytes uploaded
     */
    long upload() {
        int count = materials.size();
        if (uploadedUpTo == count) {
            return 0L;
        }
        staging.clear();
        for (int id = uploadedUpTo; id < count; id++) {
            Material m = materials.get(id);
            staging.put(m.red()).put(m.green()).put(m.blue()).put(m.alpha())
                    .put(m.specular()).put(m.shininess()).put(m.emission()).put(0f);
        }
        staging.flip();
        glBindBuffer(GL_UNIFORM_BUFFER, uniformBuffer);
        glBufferSubData(GL_UNIFORM_BUFFER, (long) uploadedUpTo * FLOATS_PER_MATERIAL * Float.BYTES, staging);
        glBindBuffer(GL_UNIFORM_BUFFER, 0);
        long bytes = (long) (count - uploadedUpTo) * FLOATS_PER_MATERIAL * Float.BYTES;
        uploadedUpTo = count;
        return bytes;
    }

    int uniformBuffer() {
        return uniformBuffer;
    }

    /** Materials are plain data until uploaded, but a closed renderer or another thread means a mistake. */
    private void checkOwner(Material material) {
        if (closed || Thread.currentThread() != owner) {
            throw new IllegalStateException("cannot register " + material + ": the registry's renderer "
                    + (closed ? "was closed" : "belongs to thread '" + owner.getName() + "'"));
        }
    }

    private static void checkMaterial(Material material) {
        if (material == null) {
            throw new IllegalArgumentException("material must not be null");
        }
    }

    private int check(int materialId) {
        if (!contains(materialId)) {
            throw new IllegalArgumentException("material id " + materialId + " is not registered (registry holds "
                    + materials.size() + " materials)");
        }
        return materialId;
    }

    void delete() {
        closed = true;
        glDeleteBuffers(uniformBuffer);
        MemoryUtil.memFree(staging);
    }
}
