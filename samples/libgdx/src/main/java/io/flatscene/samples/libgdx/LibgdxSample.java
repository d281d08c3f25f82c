package io.flatscene.samples.libgdx;

import com.badlogic.gdx.backends.lwjgl3.Lwjgl3Application;
import com.badlogic.gdx.backends.lwjgl3.Lwjgl3ApplicationConfiguration;
import com.badlogic.gdx.graphics.glutils.ShaderProgram;

/**
 * Starts {@link CubeFieldGame} in a libGDX LWJGL3 window: {@code java -cp ... io.flatscene.samples.libgdx.LibgdxSample
 * [--frames N]}, where {@code --frames N} ends the game by itself after N frames. It needs a display.
 */
public final class LibgdxSample {
    static final String USAGE = "usage: LibgdxSample [--frames N]   (N from 1 to 999999999; without it, until Escape "
            + "or the window closes)";

    private LibgdxSample() {
    }

    public static void main(String[] args) {
        int frames;
        try {
            frames = frameLimit(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        CubeFieldGame game = new CubeFieldGame(frames);
        run(game);
        System.out.println(game.summary());
    }

    /**
     * {@return the frames to run from the command line, {@link Integer#MAX_VALUE} without {@code --frames}}
     *
     * @throws IllegalArgumentException naming what is wrong with the arguments
     */
    static int frameLimit(String[] args) {
        if (args.length == 0) {
            return Integer.MAX_VALUE;
        }
        if (args.length != 2 || !args[0].equals("--frames")) {
            throw new IllegalArgumentException("unknown arguments: " + String.join(" ", args));
        }
        if (!args[1].matches("[1-9][0-9]{0,8}")) {
            throw new IllegalArgumentException("--frames needs a whole number from 1 to 999999999, not " + args[1]);
        }
        return Integer.parseInt(args[1]);
    }

    /** Runs the game in a new window on this thread; returns when it has ended and libGDX has closed the window. */
    static void run(CubeFieldGame game) {
        // SpriteBatch's and BitmapFont's built-in shaders are written in GLSL 1.10, which a core profile context does
        // not compile; libGDX's own prefix turns them into GLSL 1.50
        ShaderProgram.prependVertexCode = "#version 150\n#define attribute in\n#define varying out\n";
        ShaderProgram.prependFragmentCode = "#version 150\n#define varying in\n#define texture2D texture\n"
                + "#define gl_FragColor fragColor\nout vec4 fragColor;\n";
        Lwjgl3ApplicationConfiguration config = new Lwjgl3ApplicationConfiguration();
        config.setTitle("FlatScene in libGDX");
        config.setWindowedMode(960, 540);
        // FlatScene needs OpenGL 4.1 core (the newest macOS has): libGDX's GL30 emulation asks GLFW for that
        // version, which Linux and Windows give as a core profile too (GLX and WGL make core the default)
        config.setOpenGLEmulation(Lwjgl3ApplicationConfiguration.GLEmulation.GL30, 4, 1);
        config.useVsync(true);
        config.disableAudio(true);
        new Lwjgl3Application(game, config);
    }
}
