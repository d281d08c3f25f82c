package io.flatscene.render.overlay;

import io.flatscene.render.context.HeadlessContext;
import io.flatscene.render.image.Image;
import io.flatscene.render.target.Framebuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.lwjgl.opengl.GL11C.GL_COLOR_BUFFER_BIT;
import static org.lwjgl.opengl.GL11C.GL_DEPTH_BUFFER_BIT;
import static org.lwjgl.opengl.GL11C.GL_NO_ERROR;
import static org.lwjgl.opengl.GL11C.glClear;
import static org.lwjgl.opengl.GL11C.glClearColor;
import static org.lwjgl.opengl.GL11C.glGetError;
import static org.lwjgl.opengl.GL30C.GL_DRAW_FRAMEBUFFER;
import static org.lwjgl.opengl.GL30C.glBindFramebuffer;

/** A headless context with an offscreen target, for drawing overlays without a renderer; closed in reverse order. */
final class OverlayGl implements AutoCloseable {
    final HeadlessContext context;
    final Framebuffer target;

    OverlayGl(int width, int height) {
        context = HeadlessContext.create(true);
        try {
            target = new Framebuffer(width, height);
        } catch (RuntimeException e) {
            context.close();
            throw e;
        }
    }

    void clear(float red, float green, float blue) {
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, target.framebufferId());
        glClearColor(red, green, blue, 1f);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    }

    Image read() {
        return Image.read(target);
    }

    static void assertNoGlError() {
        assertEquals(GL_NO_ERROR, glGetError(), "GL error");
    }

    /** The pixel's red, green and blue, without alpha. */
    static int rgb(Image image, int x, int y) {
        return image.rgba(x, y) >>> 8;
    }

    static int red(Image image, int x, int y) {
        return image.rgba(x, y) >>> 24;
    }

    static int green(Image image, int x, int y) {
        return image.rgba(x, y) >>> 16 & 0xFF;
    }

    static int blue(Image image, int x, int y) {
        return image.rgba(x, y) >>> 8 & 0xFF;
    }

    @Override
    public void close() {
        target.close();
        context.close();
    }
}
