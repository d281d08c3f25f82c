package io.flatscene.render;

import java.util.Locale;

/** Whether windows can open here: the window tests assume one, and CI gives them a virtual display. */
public final class Display {
    public static final String ABSENT = "no DISPLAY or WAYLAND_DISPLAY: window tests need a display (run under "
            + "xvfb-run); HeadlessContext tests cover rendering without one";

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
