package io.flatscene.render;

/** How the renderer feeds instances to the GPU; {@link #AUTO} picks the best the context offers. */
public enum DrawPath {
    /** {@link #MULTI_DRAW_INDIRECT} where the context has 4.3 multi-draw and 4.4 buffer storage, else INSTANCED. */
    AUTO,
    /**
     * Instances written straight into a persistently mapped buffer (three regions, rotated with fence syncs) and
     * one {@code glMultiDrawElementsIndirect} per render-queue group. Needs GL 4.4 or the ARB extensions.
     */
    MULTI_DRAW_INDIRECT,
    /**
     * Instances uploaded with {@code glBufferSubData} into an orphaned buffer and one
     * {@code glDrawElementsInstancedBaseVertex} per batch: what GL 4.1 (macOS) can do.
     */
    INSTANCED
}
