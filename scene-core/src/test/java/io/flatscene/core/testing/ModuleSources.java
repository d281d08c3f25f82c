package io.flatscene.core.testing;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * What the architecture tests read of a module: the packages its module descriptor exports, and the size of each
 * main class in its sources, so that the rules follow the declarations instead of a list kept beside them.
 */
public final class ModuleSources {
    /** A main class may hold at most this many lines, comments included. */
    public static final int MAX_LINES = 800;
    /** A facade (the scene and its nodes) may hold at most this many lines of code, comments and blanks left out. */
    public static final int MAX_FACADE_CODE_LINES = 400;

    private ModuleSources() {
    }

    /** A class's size: all its lines, and those that hold code. */
    public record Size(int lines, int codeLines) {
    }

    /**
     * {@return the packages the module at {@code location} (a jar, or a folder of classes with its module-info.class)
     * exports to {@code reader}: those exported to every module, and those exported to {@code reader} by name (with a
     * null reader, those exported to every module only)}
     */
    public static Set<String> exportsTo(Path location, String reader) {
        ModuleDescriptor module = ModuleFinder.of(location).findAll().stream().findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no module at " + location)).descriptor();
        Set<String> packages = new TreeSet<>();
        for (ModuleDescriptor.Exports export : module.exports()) {
            if (!export.isQualified() || reader != null && export.targets().contains(reader)) {
                packages.add(export.source());
            }
        }
        return packages;
    }

    /**
     * {@return the main classes of the module at {@code location}, a folder of classes or a jar: a module's own
     * tests see it as a folder, another module's tests as its jar once the build has packaged it}
     */
    public static JavaClasses importModule(Path location) {
        ClassFileImporter importer = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS);
        if (Files.isDirectory(location)) {
            return importer.importPath(location);
        }
        try (JarFile jar = new JarFile(location.toFile())) {
            return importer.importJar(jar);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@return the jar or folder {@code type} was loaded from} */
    public static Path locationOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("no location for " + type, e);
        }
    }

    /** {@return the size of every class under {@code sourceRoot}, by its file's path from that root} */
    public static Map<String, Size> sizes(Path sourceRoot) {
        try (Stream<Path> files = Files.walk(sourceRoot)) {
            Map<String, Size> sizes = new TreeMap<>();
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                sizes.put(sourceRoot.relativize(file).toString().replace('\\', '/'), size(read(file)));
            }
            return sizes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@return the lines of {@code source}, and those that are neither blank nor comment} */
    public static Size size(String source) {
        List<String> lines = source.lines().toList();
        int code = 0;
        boolean inComment = false;
        for (String line : lines) {
            String text = line.strip();
            if (inComment) {
                inComment = !text.contains("*/");
            } else if (text.startsWith("/*")) {
                inComment = !text.contains("*/");
            } else if (!text.isEmpty() && !text.startsWith("//")) {
                code++;
            }
        }
        return new Size(lines.size(), code);
    }

    /**
     * {@return a line for each class over its limit: {@link #MAX_LINES} for all, and {@link #MAX_FACADE_CODE_LINES}
     * of code for the {@code facades}}
     */
    public static List<String> sizeViolations(Map<String, Size> sizes, Set<String> facades) {
        List<String> violations = new ArrayList<>();
        for (Map.Entry<String, Size> entry : sizes.entrySet()) {
            String file = entry.getKey();
            Size size = entry.getValue();
            boolean facade = facades.contains(file);
            if (size.lines() > MAX_LINES || facade && size.codeLines() > MAX_FACADE_CODE_LINES) {
                violations.add(file + " holds " + size + ", over " + MAX_LINES + " lines"
                        + (facade ? " or " + MAX_FACADE_CODE_LINES + " lines of code" : "")
                        + ": split it by concern");
            }
        }
        return violations;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
