package io.flatscene.render;

import io.flatscene.render.context.GlContext;
import io.flatscene.render.context.HeadlessContext;
import io.flatscene.render.context.WindowContext;
import io.flatscene.render.context.WindowOptions;
import io.flatscene.render.testing.ProbeCalls;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Run in a child JVM by {@link ContextMisuseTest}: closes a context ({@code headless} or {@code window}, the argument)
 * and calls every public method of it, printing a line on stderr for each as {@link MisuseProbe} does. GLFW
 * dereferences a destroyed window, so a missing check here would crash the JVM.
 */
public final class ContextProbe {
    private static final WindowOptions OPTIONS = WindowOptions.builder().title("ContextProbe").size(64, 48)
            .vsync(false).visible(false).build();

    private ContextProbe() {
    }

    public static void main(String[] args) {
        boolean window = args[0].equals("window");
        Map<String, ProbeCalls.Call> calls = new LinkedHashMap<>();
        if (window) {
            WindowContext closed = WindowContext.create(OPTIONS);
            closed.close();
            calls.put("WindowContext.create(WindowOptions)", () -> WindowContext.create(OPTIONS).close());
            calls.put("WindowContext.handle()", closed::handle);
            calls.put("WindowContext.shouldClose()", closed::shouldClose);
            calls.put("WindowContext.swapBuffers()", closed::swapBuffers);
            calls.put("WindowContext.pollEvents()", closed::pollEvents);
            calls.put("WindowContext.target()", closed::target);
            calls.put("WindowContext.framebufferWidth()", closed::framebufferWidth);
            calls.put("WindowContext.framebufferHeight()", closed::framebufferHeight);
            calls.put("WindowContext.setTitle(String)", () -> closed.setTitle("closed"));
            putContextCalls(calls, "WindowContext", closed);
        } else {
            HeadlessContext closed = HeadlessContext.create();
            closed.close();
            calls.put("HeadlessContext.create()", () -> HeadlessContext.create().close());
            calls.put("HeadlessContext.create(boolean)", () -> HeadlessContext.create(true).close());
            putContextCalls(calls, "HeadlessContext", closed);
        }
        MisuseProbe.runAll(calls);
        System.err.println(ProbeCalls.FINISHED);
    }

    private static void putContextCalls(Map<String, ProbeCalls.Call> calls, String type, GlContext closed) {
        calls.put(type + ".makeCurrent()", closed::makeCurrent);
        calls.put(type + ".capabilities()", closed::capabilities);
        calls.put(type + ".description()", closed::description);
        calls.put(type + ".close()", closed::close);
    }
}
