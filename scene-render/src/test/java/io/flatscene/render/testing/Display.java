package io.flatscene.render.testing;

import java.util.Locale;

/**
 * Whether windows can open here: the window tests of every module assume one, and CI gives them a virtual display
 * (xvfb-run). On Windows and macOS there always is one.
 */
public final class Display {
    public static final String ABSENT = "no DISPLAY or WAYLAND_DISPLAY: window tests need a display (run under "
            + "xvfb-run, as .ci/run does); HeadlessContext tests cover rendering without one";

    private Display() {
    }

    public static boolean present() {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        if (os.contains("win") || os.contains("mac")) {
            return true;
        }
        return !isBlank(System.getenv("DISPLAY")) || !isBlank(System.getenv("WAYLAND_DISPLAY"));
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
