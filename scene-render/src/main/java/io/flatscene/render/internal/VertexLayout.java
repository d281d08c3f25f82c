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
 * The vertex inputs of the scene shader and the one instance record both draw paths write: the world matrix as
 * 12 floats in JOML {@code Matrix4x3f} column order, gathered from the scene's world array, then the material
 * id. The attribute locations here match {@code scene.vert}.
 */
public final class VertexLayout {
    public static final int FLOATS_PER_VERTEX = 6;
    public static final int VERTEX_STRIDE = FLOATS_PER_VERTEX * Float.BYTES;
    public static final int INSTANCE_BYTES = 13 * 4;
    public static final int MATERIAL_OFFSET = 12 * 4;
    private static final int FIRST_INSTANCE_ATTRIBUTE = 2;
    private static final int MATERIAL_ATTRIBUTE = 5;

    private VertexLayout() {
    }

    /** Enables every attribute of the bound vertex array and makes the instance ones advance once per instance. */
    public static void enableAttributes() {
        for (int location = 0; location <= MATERIAL_ATTRIBUTE; location++) {
            glEnableVertexAttribArray(location);
        }
        for (int location = FIRST_INSTANCE_ATTRIBUTE; location <= MATERIAL_ATTRIBUTE; location++) {
            glVertexAttribDivisor(location, 1);
        }
    }

    public static void pointMeshAttributes(int vertexBuffer) {
        glBindBuffer(GL_ARRAY_BUFFER, vertexBuffer);
        glVertexAttribPointer(0, 3, GL_FLOAT, false, VERTEX_STRIDE, 0L);
        glVertexAttribPointer(1, 3, GL_FLOAT, false, VERTEX_STRIDE, 3L * Float.BYTES);
    }

    /** Points the instance attributes at the record starting {@code byteOffset} into the bound array buffer. */
    public static void pointInstanceAttributes(long byteOffset) {
        for (int column = 0; column < 3; column++) {
            glVertexAttribPointer(FIRST_INSTANCE_ATTRIBUTE + column, 4, GL_FLOAT, false, INSTANCE_BYTES,
                    byteOffset + column * 4L * Float.BYTES);
        }
        glVertexAttribIPointer(MATERIAL_ATTRIBUTE, 1, GL_UNSIGNED_INT, INSTANCE_BYTES, byteOffset + MATERIAL_OFFSET);
    }
}
