package io.flatscene.render;

import io.flatscene.render.owner.GlOwner;
import java.nio.Buffer;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * because the shader declares the array's size. A material added under a name ({@link #add(String, Material)}) is
 * found by it ({@link #idOf}), which is how a scene file names its materials across runs.
 *
 * <p>Materials are plain data until the next draw uploads them, but a registry whose renderer cannot draw means a
 * mistake, so adding and setting are checked like the renderer's calls; reading works anywhere, also after close.
 */
public final class MaterialRegistry {
    /**
     * std140: base color vec4, then (specular, shininess, emission, unused), then the base-colour, normal and
     * emissive textures' {@link TextureRegistry#LAYER_SPAN} references (-1 for none) and one unused.
     */
    static final int FLOATS_PER_MATERIAL = 12;

    private final GlOwner owner;
    private final TextureRegistry textures;
    private final int capacity;
    private final List<Material> materials = new ArrayList<>();
    /** The name each id was added under, null for one added without; an id keeps its name when set. */
    private final List<String> names = new ArrayList<>();
    private final Map<String, Integer> idsByName = new HashMap<>();
    private final FloatBuffer staging;
    private final int uniformBuffer;
    /** Materials below this id are on the GPU as they are now; set lowers it, the next frame uploads from there. */
    private int uploadedUpTo;
    private boolean closed;

    MaterialRegistry(GlOwner owner, TextureRegistry textures, int capacity) {
        this.owner = owner;
        this.textures = textures;
        this.capacity = capacity;
        staging = MemoryUtil.memAllocFloat(capacity * FLOATS_PER_MATERIAL);
        uniformBuffer = glGenBuffers();
        glBindBuffer(GL_UNIFORM_BUFFER, uniformBuffer);
        glBufferData(GL_UNIFORM_BUFFER, (long) capacity * FLOATS_PER_MATERIAL * Float.BYTES, GL_DYNAMIC_DRAW);
        glBindBuffer(GL_UNIFORM_BUFFER, 0);
    }

    /**
     * Adds a material; it reaches the GPU with the next frame.
     *
     * @param material the material, not null; the same one may be added under several ids
     * @return the new material's id
     * @throws IllegalArgumentException if {@code material} is null, or refers to a texture the renderer's
     *                                  {@link TextureRegistry} does not hold or of the wrong colour space (base
     *                                  colour and emissive {@link ColorSpace#SRGB}, normal {@link ColorSpace#LINEAR})
     * @throws IllegalStateException    when all {@link #capacity()} materials are taken, naming the setting to raise;
     *                                  as the renderer's calls, if called from another thread, after close, or when
     *                                  its context was closed or is not current
     */
    public int add(Material material) {
        owner.check(closed);
        checkMaterial(material);
        return append(null, material);
    }

    /**
     * Adds a material under a name, which {@link #idOf} finds it by and {@link #nameOf} gives for it: the names a
     * scene file keeps, so that its materials survive a restart that registers them in another order.
     *
     * @param name     the material's name, not blank, no other material's
     * @param material the material, not null; the same one may be added under several ids
     * @return the new material's id
     * @throws IllegalArgumentException if {@code name} is blank or another material's, or as {@link #add(Material)}
     * @throws IllegalStateException    as {@link #add(Material)}
     */
    public int add(String name, Material material) {
        owner.check(closed);
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("material name must not be blank");
        }
        Integer taken = idsByName.get(name);
        if (taken != null) {
            throw new IllegalArgumentException("material name '" + name + "' is taken by material id " + taken);
        }
        checkMaterial(material);
        int id = append(name, material);
        idsByName.put(name, id);
        return id;
    }

    private int append(String name, Material material) {
        if (materials.size() == capacity) {
            throw new IllegalStateException("cannot add " + (name == null ? "" : "'" + name + "', ") + material
                    + ": all " + capacity + " materials are in use; raise " + RendererConfig.MAX_MATERIALS_KEY);
        }
        materials.add(material);
        names.add(name);
        return materials.size() - 1;
    }

    /**
     * Replaces material {@code materialId}; items drawn with it change from the next frame.
     *
     * @param materialId the id {@link #add} returned, 0 to {@code count() - 1}
     * @param material   the new material, not null
     * @throws IllegalArgumentException if {@code material} is null or refers to a texture as {@link #add} refuses,
     *                                  or {@code materialId} is not registered
     * @throws IllegalStateException    as {@link #add} does
     */
    public void set(int materialId, Material material) {
        owner.check(closed);
        checkMaterial(material);
        materials.set(check(materialId), material);
        uploadedUpTo = Math.min(uploadedUpTo, materialId);
    }

    /**
     * The material registered under an id, as last added or set.
     *
     * @param materialId 0 to {@code count() - 1}
     * @return the material
     * @throws IllegalArgumentException if {@code materialId} is not registered
     */
    public Material get(int materialId) {
        return materials.get(check(materialId));
    }

    /**
     * The name material {@code materialId} was added under, which {@link #idOf} turns back into the id. A resolver
     * for {@code SceneFiles.save(scene, file, meshes::nameOf, materials::nameOf)}.
     *
     * @param materialId 0 to {@code count() - 1}
     * @return the name given to {@link #add(String, Material)}
     * @throws IllegalArgumentException if {@code materialId} is not registered, or was added without a name
     */
    public String nameOf(int materialId) {
        String name = names.get(check(materialId));
        if (name == null) {
            throw new IllegalArgumentException("material id " + materialId + " was added without a name; add it with "
                    + "add(name, material) to know it by name");
        }
        return name;
    }

    /**
     * The id of the material added under {@code name}, this run's: the inverse of {@link #nameOf}. A resolver for
     * {@code SceneFiles.load(file, config, meshes::idOf, materials::idOf)}.
     *
     * @param name a name given to {@link #add(String, Material)}
     * @return the material's id
     * @throws IllegalArgumentException if no material was added under that name, naming it
     */
    public int idOf(String name) {
        Integer id = idsByName.get(name);
        if (id == null) {
            throw new IllegalArgumentException("no material is named '" + name + "' (the registry holds "
                    + idsByName.size() + " named of " + materials.size() + " materials)");
        }
        return id;
    }

    /** {@return the number of materials added, 0 to {@link #capacity()}; ids run from 0 to {@code count() - 1}} */
    public int count() {
        return materials.size();
    }

    /** {@return the most materials the registry holds, {@link RendererConfig#maxMaterials()}; fixed for its life} */
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
                    .put(m.specular()).put(m.shininess()).put(m.emission()).put(0f)
                    .put(reference(m.baseColorTexture())).put(reference(m.normalTexture()))
                    .put(reference(m.emissiveTexture())).put(0f);
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

    private void checkMaterial(Material material) {
        if (material == null) {
            throw new IllegalArgumentException("material must not be null");
        }
        checkTexture(material, "base colour", material.baseColorTexture(), ColorSpace.SRGB);
        checkTexture(material, "normal", material.normalTexture(), ColorSpace.LINEAR);
        checkTexture(material, "emissive", material.emissiveTexture(), ColorSpace.SRGB);
    }

    private void checkTexture(Material material, String role, int textureId, ColorSpace expected) {
        if (textureId == Material.NO_TEXTURE) {
            return;
        }
        if (!textures.contains(textureId)) {
            throw new IllegalArgumentException(material + ": " + role + " texture id " + textureId + " is not "
                    + "registered (the renderer's textures() holds " + textures.count() + "); load it first");
        }
        if (textures.colorSpace(textureId) != expected) {
            throw new IllegalArgumentException(material + ": " + role + " texture " + textures.name(textureId)
                    + " was loaded as " + textures.colorSpace(textureId) + "; " + role + " textures must be "
                    + expected);
        }
    }

    private float reference(int textureId) {
        return textureId == Material.NO_TEXTURE ? -1f : textures.shaderReference(textureId);
    }

    private int check(int materialId) {
        if (!contains(materialId)) {
            throw new IllegalArgumentException("material id " + materialId + " is not registered (registry holds "
                    + materials.size() + " materials)");
        }
        return materialId;
    }

    /** Deletes the buffer while its context is current (once it is gone, it went with it); frees the staging. */
    void release(boolean contextCurrent) {
        closed = true;
        if (contextCurrent) {
            glDeleteBuffers(uniformBuffer);
        }
        // memFree(Buffer): LWJGL 3.3.3 has no memFree(FloatBuffer), which 3.4 added
        MemoryUtil.memFree((Buffer) staging);
    }
}
