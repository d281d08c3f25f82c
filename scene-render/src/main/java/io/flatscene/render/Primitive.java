package io.flatscene.render;

import static org.lwjgl.opengl.GL11C.GL_LINES;
import static org.lwjgl.opengl.GL11C.GL_LINE_STRIP;
import static org.lwjgl.opengl.GL11C.GL_POINTS;
import static org.lwjgl.opengl.GL11C.GL_TRIANGLES;

/**
 * How a {@link Mesh}'s indices join its vertices. Lines and points are lit like triangles, by their vertices' normals
 * (give a normal facing the light for full colour, or let a material's emissive colour carry it), are one pixel wide,
 * and have no back face to cull or to mirror.
 */
public enum Primitive {
    /** Three indices a triangle, counter-clockwise seen from the front. */
    TRIANGLES(3, 3, GL_TRIANGLES),
    /** Two indices a segment. */
    LINES(2, 2, GL_LINES),
    /** One line through the indices in their order, at least two: a segment between each index and the next. */
    LINE_STRIP(1, 2, GL_LINE_STRIP),
    /** One index a point. */
    POINTS(1, 1, GL_POINTS);

    private final int multiple;
    private final int least;
    private final int glMode;

    Primitive(int multiple, int least, int glMode) {
        this.multiple = multiple;
        this.least = least;
        this.glMode = glMode;
    }

    /** {@return whether a mesh of this primitive may have {@code indices} indices} */
    boolean allows(int indices) {
        return indices >= least && indices % multiple == 0;
    }

    /** {@return the index counts a mesh of this primitive may have, in words} */
    String rule() {
        return multiple == 1 ? "at least " + least + " ints" : "a positive multiple of " + multiple + " ints";
    }

    /** {@return the OpenGL draw mode} */
    int glMode() {
        return glMode;
    }
}
