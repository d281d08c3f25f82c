package io.flatscene.render;

import io.flatscene.render.context.HeadlessContext;
import io.flatscene.render.target.Framebuffer;

/** A debug headless context with a renderer and an offscreen target, closed in reverse order. */
final class HeadlessRendering implements AutoCloseable {
    final HeadlessContext context;
    final Renderer renderer;
    final Framebuffer target;

    private HeadlessRendering(HeadlessContext context, Renderer renderer, Framebuffer target) {
        this.context = context;
        this.renderer = renderer;
        this.target = target;
    }

    static HeadlessRendering open(int width, int height, DrawPath path) {
        return open(width, height, RendererConfig.builder().drawPath(path).debugOutput(true).build());
    }

    static HeadlessRendering open(int width, int height, RendererConfig config) {
        HeadlessContext context = HeadlessContext.create(true);
        try {
            Renderer renderer = new Renderer(config);
            return new HeadlessRendering(context, renderer, new Framebuffer(width, height));
        } catch (RuntimeException e) {
            context.close();
            throw e;
        }
    }

    @Override
    public void close() {
        target.close();
        renderer.close();
        context.close();
    }
}
