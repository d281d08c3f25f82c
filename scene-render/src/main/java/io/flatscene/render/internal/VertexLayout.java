package io.flatscene.render.internal;

import static org.lwjgl.opengl.GL11C.GL_FLOAT;
import static org.lwjgl.opengl.GL11C.GL_SHORT;
import static org.lwjgl.opengl.GL11C.GL_UNSIGNED_BYTE;
import static org.lwjgl.opengl.GL11C.GL_UNSIGNED_INT;
import static org.lwjgl.opengl.GL15C.GL_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL15C.glBindBuffer;
import static org.lwjgl.opengl.GL20C.glEnableVertexAttribArray;
import static org.lwjgl.opengl.GL20C.glVertexAttribPointer;
import static org.lwjgl.opengl.GL30C.glVertexAttribIPointer;
import static org.lwjgl.opengl.GL33C.glVertexAttribDivisor;

/**
 * The vertex inputs of the scene shader, whose locations here match {@code scene.vert}, the shared vertex record and
 * the instance records the two draw paths write.
 *
 * <p>A vertex is {@link #VERTEX_STRIDE} bytes: position and normal (three floats each), texture coordinates (two
 * floats), the tangent as four signed normalized shorts (xyz, then the bitangent's sign in w; all zero when the mesh
 * has none) and the vertex colour as four unsigned normalized bytes, red lowest (opaque white when the mesh has
 * none). One layout for every mesh keeps them all in one buffer, so one multi-draw still covers any mix.
 *
 * <p>The instanced path's record carries the world matrix as 12 floats in JOML {@code Matrix4x3f} column order,
 * gathered from the scene's world array, then the material id and the item's tint (RGBA bytes, red lowest). The
 * resident path has three attributes of an int each, the transform slot, the material id and the tint,
 * {@link #SLOT_INSTANCE_BYTES} an instance; the shader reads the matrix by slot from the shader storage buffer at
 * {@link #WORLD_MATRIX_BINDING}.
 */
public final class VertexLayout {
    public static final int VERTEX_STRIDE = 44;
    public static final int UV_OFFSET = 24;
    public static final int TANGENT_OFFSET = 32;
    public static final int COLOR_OFFSET = 40;
    public static final int MATRIX_BYTES = 12 * 4;
    public static final int MATRIX_INSTANCE_BYTES = MATRIX_BYTES + 8;
    public static final int MATERIAL_OFFSET = MATRIX_BYTES;
    public static final int TINT_OFFSET = MATRIX_BYTES + 4;
    /** Slot, material and tint: three ints an instance, each in its own run of a region. */
    public static final int SLOT_INSTANCE_INTS = 3;
    public static final int SLOT_INSTANCE_BYTES = SLOT_INSTANCE_INTS * 4;
    public static final int WORLD_MATRIX_BINDING = 0;
    private static final int MESH_ATTRIBUTES = 5;
    private static final int FIRST_INSTANCE_ATTRIBUTE = MESH_ATTRIBUTES;
    private static final int MATERIAL_ATTRIBUTE = FIRST_INSTANCE_ATTRIBUTE + 3;
    private static final int TINT_ATTRIBUTE = MATERIAL_ATTRIBUTE + 1;
    private static final int RESIDENT_MATERIAL_ATTRIBUTE = FIRST_INSTANCE_ATTRIBUTE + 1;
    private static final int RESIDENT_TINT_ATTRIBUTE = RESIDENT_MATERIAL_ATTRIBUTE + 1;

    private VertexLayout() {
    }

    /**
     * Enables every attribute the path's shader reads on the bound vertex array and makes the instance ones advance
     * once per instance.
     */
    public static void enableAttributes(boolean resident) {
        int lastInstanceAttribute = resident ? RESIDENT_TINT_ATTRIBUTE : TINT_ATTRIBUTE;
        for (int location = 0; location <= lastInstanceAttribute; location++) {
            glEnableVertexAttribArray(location);
        }
        for (int location = FIRST_INSTANCE_ATTRIBUTE; location <= lastInstanceAttribute; location++) {
            glVertexAttribDivisor(location, 1);
        }
    }

    public static void pointMeshAttributes(int vertexBuffer) {
        glBindBuffer(GL_ARRAY_BUFFER, vertexBuffer);
        glVertexAttribPointer(0, 3, GL_FLOAT, false, VERTEX_STRIDE, 0L);
        glVertexAttribPointer(1, 3, GL_FLOAT, false, VERTEX_STRIDE, 3L * Float.BYTES);
        glVertexAttribPointer(2, 2, GL_FLOAT, false, VERTEX_STRIDE, UV_OFFSET);
        glVertexAttribPointer(3, 4, GL_SHORT, true, VERTEX_STRIDE, TANGENT_OFFSET);
        glVertexAttribPointer(4, 4, GL_UNSIGNED_BYTE, true, VERTEX_STRIDE, COLOR_OFFSET);
    }

    /** Points the matrix record's attributes at the record starting {@code byteOffset} into the bound array buffer. */
    public static void pointMatrixAttributes(long byteOffset) {
        for (int column = 0; column < 3; column++) {
            glVertexAttribPointer(FIRST_INSTANCE_ATTRIBUTE + column, 4, GL_FLOAT, false, MATRIX_INSTANCE_BYTES,
                    byteOffset + column * 4L * Float.BYTES);
        }
        glVertexAttribIPointer(MATERIAL_ATTRIBUTE, 1, GL_UNSIGNED_INT, MATRIX_INSTANCE_BYTES,
                byteOffset + MATERIAL_OFFSET);
        glVertexAttribPointer(TINT_ATTRIBUTE, 4, GL_UNSIGNED_BYTE, true, MATRIX_INSTANCE_BYTES,
                byteOffset + TINT_OFFSET);
    }

    /**
     * Points the resident path's attributes at their runs in the bound array buffer: the slots from
     * {@code slotOffset}, the materials from {@code materialOffset}, the tints from {@code tintOffset}, an int each
     * an instance.
     */
    public static void pointSlotAttributes(long slotOffset, long materialOffset, long tintOffset) {
        glVertexAttribIPointer(FIRST_INSTANCE_ATTRIBUTE, 1, GL_UNSIGNED_INT, Integer.BYTES, slotOffset);
        glVertexAttribIPointer(RESIDENT_MATERIAL_ATTRIBUTE, 1, GL_UNSIGNED_INT, Integer.BYTES, materialOffset);
        glVertexAttribPointer(RESIDENT_TINT_ATTRIBUTE, 4, GL_UNSIGNED_BYTE, true, Integer.BYTES, tintOffset);
    }
}
