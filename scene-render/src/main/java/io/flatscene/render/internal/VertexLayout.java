package io.flatscene.render.internal;

import static org.lwjgl.opengl.GL11C.GL_FLOAT;
import static org.lwjgl.opengl.GL11C.GL_UNSIGNED_INT;
import static org.lwjgl.opengl.GL15C.GL_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL15C.glBindBuffer;
import static org.lwjgl.opengl.GL20C.glEnableVertexAttribArray;
import static org.lwjgl.opengl.GL20C.glVertexAttribPointer;
import static org.lwjgl.opengl.GL30C.glVertexAttribIPointer;
import static org.lwjgl.opengl.GL33C.glVertexAttribDivisor;

/**
 * The vertex inputs of the scene shader, whose locations here match {@code scene.vert}, and the instance records the
 * two draw paths write. The instanced path's record carries the world matrix as 12 floats in JOML
 * {@code Matrix4x3f} column order, gathered from the scene's world array, then the material id. The resident path
 * has two attributes of an int each, the transform slot and the material id, {@link #SLOT_INSTANCE_BYTES} an
 * instance; the shader reads the matrix by slot from the shader storage buffer at {@link #WORLD_MATRIX_BINDING}.
 */
public final class VertexLayout {
    public static final int FLOATS_PER_VERTEX = 6;
    public static final int VERTEX_STRIDE = FLOATS_PER_VERTEX * Float.BYTES;
    public static final int MATRIX_BYTES = 12 * 4;
    public static final int MATRIX_INSTANCE_BYTES = MATRIX_BYTES + 4;
    public static final int MATERIAL_OFFSET = MATRIX_BYTES;
    public static final int SLOT_INSTANCE_BYTES = 2 * 4;
    public static final int WORLD_MATRIX_BINDING = 0;
    private static final int FIRST_INSTANCE_ATTRIBUTE = 2;
    private static final int MATERIAL_ATTRIBUTE = 5;
    private static final int RESIDENT_MATERIAL_ATTRIBUTE = 3;

    private VertexLayout() {
    }

    /**
     * Enables every attribute the path's shader reads on the bound vertex array and makes the instance ones advance
     * once per instance.
     */
    public static void enableAttributes(boolean resident) {
        int lastInstanceAttribute = resident ? RESIDENT_MATERIAL_ATTRIBUTE : MATERIAL_ATTRIBUTE;
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
    }

    /** Points the matrix record's attributes at the record starting {@code byteOffset} into the bound array buffer. */
    public static void pointMatrixAttributes(long byteOffset) {
        for (int column = 0; column < 3; column++) {
            glVertexAttribPointer(FIRST_INSTANCE_ATTRIBUTE + column, 4, GL_FLOAT, false, MATRIX_INSTANCE_BYTES,
                    byteOffset + column * 4L * Float.BYTES);
        }
        glVertexAttribIPointer(MATERIAL_ATTRIBUTE, 1, GL_UNSIGNED_INT, MATRIX_INSTANCE_BYTES,
                byteOffset + MATERIAL_OFFSET);
    }

    /**
     * Points the resident path's attributes at their runs in the bound array buffer: the slots from
     * {@code slotOffset}, the materials from {@code materialOffset}, an int each an instance.
     */
    public static void pointSlotAttributes(long slotOffset, long materialOffset) {
        glVertexAttribIPointer(FIRST_INSTANCE_ATTRIBUTE, 1, GL_UNSIGNED_INT, Integer.BYTES, slotOffset);
        glVertexAttribIPointer(RESIDENT_MATERIAL_ATTRIBUTE, 1, GL_UNSIGNED_INT, Integer.BYTES, materialOffset);
    }
}
