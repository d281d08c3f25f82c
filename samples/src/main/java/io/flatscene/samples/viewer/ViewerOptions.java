package io.flatscene.samples.viewer;

import io.flatscene.assets.ModelImporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/** The viewer's command line, checked as a whole before anything starts. */
record ViewerOptions(SceneKind scene, Integer frames, Path screenshot, boolean headless, int count, Path model,
                     Path config) {
    static final int DEFAULT_FRAMES = 300;
    static final int DEFAULT_FIELD_COUNT = 100_000;
    /** About 2 GB of memory, most of it the scene's and the renderer's per-item arrays. */
    static final int MAX_FIELD_COUNT = 1_000_000;

    static final String USAGE = String.join("\n",
            "usage: java -jar samples/target/flatscene-viewer.jar [options]",
            "  --scene NAME        solar, field, model, asteroids or towers (default solar); keys 1 to 5",
            "                      switch in a window",
            "  --frames N          frames to run, then exit (default " + DEFAULT_FRAMES
                    + " headless, until closed in a window)",
            "  --screenshot FILE   PNG of the last frame (default target/flatscene-<scene>.png headless; in a",
            "                      window it needs --frames; F12 writes one any time)",
            "  --headless          render offscreen through EGL even where there is a display",
            "  --count N           items in the field scene (default " + DEFAULT_FIELD_COUNT + ", at most "
                    + MAX_FIELD_COUNT + ")",
            "  --model FILE        glTF 2.0 or OBJ file for the model scene (default: the bundled rover); node",
            "                      hierarchies deeper than " + ModelImporter.MAX_DEPTH + " levels are refused",
            "  --config FILE       scene capacities and settings (see samples/viewer.properties);",
            "                      -Dflatscene.* system properties override it",
            "  --help              this text");

    /** A command line that cannot be used: the viewer prints the reason and the usage and exits with status 2. */
    static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    /** Thrown for --help: not an error, but the viewer still only prints the usage. */
    static final class HelpRequested extends RuntimeException {
        private static final long serialVersionUID = 1L;

        HelpRequested() {
            super("help");
        }
    }

    static ViewerOptions parse(String... args) {
        // a launcher never passes null, but a program calling main may
        if (args == null || Arrays.asList(args).contains(null)) {
            throw new UsageException("the command line " + Arrays.toString(args) + " holds null");
        }
        SceneKind scene = SceneKind.SOLAR;
        Integer frames = null;
        Path screenshot = null;
        boolean headless = false;
        int count = DEFAULT_FIELD_COUNT;
        Path model = null;
        Path config = null;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            switch (option) {
                case "--scene" -> scene = SceneKind.parse(value(args, ++i, option));
                case "--frames" -> frames = whole(option, value(args, ++i, option), Integer.MAX_VALUE);
                case "--screenshot" -> screenshot = writableFile(option, value(args, ++i, option));
                case "--headless" -> headless = true;
                case "--count" -> count = whole(option, value(args, ++i, option), MAX_FIELD_COUNT);
                case "--model" -> model = readableFile(option, value(args, ++i, option));
                case "--config" -> config = readableFile(option, value(args, ++i, option));
                case "--help", "-h" -> throw new HelpRequested();
                default -> throw new UsageException("unknown option '" + option + "'");
            }
        }
        if (model != null && scene != SceneKind.MODEL) {
            throw new UsageException("--model is for --scene model, not " + scene.label());
        }
        return new ViewerOptions(scene, frames, screenshot, headless, count, model, config);
    }

    private static String value(String[] args, int index, String option) {
        if (index >= args.length || args[index].startsWith("--")) {
            throw new UsageException(option + " needs a value");
        }
        return args[index];
    }

    /** From 1 to {@code max}; the rule names the maximum only where there is one a user could reach. */
    private static int whole(String option, String value, int max) {
        try {
            int parsed = Integer.parseInt(value);
            if (parsed > 0 && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below with the rule
        }
        throw new UsageException(option + " " + value + ": must be a whole number "
                + (max == Integer.MAX_VALUE ? "above 0" : "from 1 to " + max));
    }

    /**
     * Checked now, not after the frames have run: the screenshot's missing directories are made when it is written,
     * so the nearest one that exists must be a directory the viewer may write in.
     */
    private static Path writableFile(String option, String value) {
        Path file = Path.of(value);
        if (Files.isDirectory(file)) {
            throw new UsageException(option + " " + value + ": cannot write a file there, it is a directory");
        }
        Path existing = file.toAbsolutePath().getParent();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing != null && (!Files.isDirectory(existing) || !Files.isWritable(existing))) {
            throw new UsageException(option + " " + value + ": cannot write a file there, " + existing
                    + (Files.isDirectory(existing) ? " is not writable" : " is not a directory"));
        }
        // made now, not when the file is written after every frame: a writable-looking directory may still refuse
        // them (a file system that holds none, or root, to whom every directory looks writable)
        Path parent = file.toAbsolutePath().getParent();
        try {
            Files.createDirectories(parent);
        } catch (IOException e) {
            throw new UsageException(option + " " + value + ": cannot write a file there, cannot create " + parent
                    + " (" + e.getClass().getSimpleName() + ")");
        }
        return file;
    }

    private static Path readableFile(String option, String value) {
        Path file = Path.of(value);
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new UsageException(option + " " + value + ": no readable file there");
        }
        return file;
    }

    /** The screenshot to write: the one asked for, or a default one when running headless. */
    Path screenshotOrDefault(boolean runningHeadless) {
        if (screenshot != null || !runningHeadless) {
            return screenshot;
        }
        return Path.of("target", "flatscene-" + scene.label().toLowerCase(Locale.ROOT) + ".png");
    }
}
