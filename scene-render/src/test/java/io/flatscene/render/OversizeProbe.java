package io.flatscene.render;

import io.flatscene.render.context.HeadlessContext;
import io.flatscene.render.image.Image;
import io.flatscene.render.overlay.TextOverlay;
import io.flatscene.render.target.Framebuffer;
import io.flatscene.render.target.RenderTarget;
import io.flatscene.render.testing.ProbeCalls;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Run in a child JVM by {@link TargetMisuseTest}: sizes that, unchecked, overflow a native allocation and have GL or
 * stb write past it (reading a target larger than its buffer, text longer than the overlay's buffers grow to). Prints
 * a line on stderr for each call as {@link MisuseProbe} does.
 */
public final class OversizeProbe {
    private OversizeProbe() {
    }

    public static void main(String[] args) {
        HeadlessContext context = HeadlessContext.create();
        try (Framebuffer framebuffer = new Framebuffer(64, 48);
             TextOverlay text = new TextOverlay()) {
            Map<String, ProbeCalls.Call> calls = new LinkedHashMap<>();
            calls.put("Image.read(100000x100000)", () -> Image.read(sized(framebuffer, 100_000, 100_000)));
            calls.put("Image.read(-64x48)", () -> Image.read(sized(framebuffer, -64, 48)));
            calls.put("TextOverlay.add(2^30 characters)", () -> text.add(new Repeated('x', 1 << 30), 0f, 0f, 1f,
                    1f, 1f, 1f));
            calls.put("TextOverlay.add(Integer.MAX_VALUE characters)", () -> text.add(new Repeated('x',
                    Integer.MAX_VALUE), 0f, 0f, 1f, 1f, 1f, 1f));
            MisuseProbe.runAll(calls);
        } finally {
            context.close();
        }
        System.err.println(ProbeCalls.FINISHED);
    }

    /** A game's own render target type, claiming a size its framebuffer does not have. */
    private static RenderTarget sized(Framebuffer framebuffer, int width, int height) {
        return new RenderTarget() {
            @Override
            public int framebufferId() {
                return framebuffer.framebufferId();
            }

            @Override
            public int width() {
                return width;
            }

            @Override
            public int height() {
                return height;
            }
        };
    }

    /** A long text without the memory: one character repeated. */
    private record Repeated(char c, int length) implements CharSequence {
        @Override
        public char charAt(int index) {
            return c;
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new Repeated(c, end - start);
        }

        @Override
        public String toString() {
            return "'" + c + "' x " + length;
        }
    }
}
