package io.flatscene.benchmarks.scene;

import com.jme3.export.binary.BinaryExporter;
import com.jme3.export.binary.BinaryImporter;
import com.jme3.scene.Node;
import io.flatscene.benchmarks.peers.JmeTrees;
import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.SceneFiles;
import io.flatscene.core.scene.SceneManager;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Saving and loading a whole tree: {@code saveFlatscene} and {@code loadFlatscene} through {@link SceneFiles} (the
 * load builds a new scene with exactly the tree's capacity, and its scene is closed outside the measured time), against
 * jME 3's {@code .j3o} export and import of the same tree ({@link BinaryExporter}, {@link BinaryImporter}) in the same
 * run. The file's size is reported beside {@code saveFlatscene} as the auxiliary figure {@code fileToFlatBytes}: its
 * bytes over those of the flat arrays it carries, 56 a node (position, orientation and scale floats, parent id,
 * flags and tag as the transform store holds them; the tree has no objects and no names but the root's).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms6g", "-Xmx6g", "--add-modules", "jdk.incubator.vector"})
public class SceneFileBenchmark {
    /** Bytes of the store's arrays that a file of the benchmark trees carries, per node. */
    static final int FLAT_BYTES_PER_NODE = 12 + 16 + 12 + 4 + 4 + 8;

    /** A directory of its own per state, deleted at the end of the trial. */
    @State(Scope.Benchmark)
    public abstract static class TreeFiles {
        @Param({"tree100k", "tree1m"})
        public TreeShape scene;

        Path dir;

        void createDirectory() throws IOException {
            dir = Files.createTempDirectory("flatscene-files");
        }

        void deleteDirectory() throws IOException {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
    }

    /**
     * FlatScene's tree and its file. Each system's state holds only its own tree, so that neither's load is measured
     * with the other's million objects on the heap for the collector to trace.
     */
    @State(Scope.Benchmark)
    public static class FlatFiles extends TreeFiles {
        Path file;
        Path target;
        SceneConfig config;
        SceneManager flat;
        SceneManager loaded;

        @Setup(Level.Trial)
        public void build() throws IOException {
            createDirectory();
            file = dir.resolve("tree.fscene");
            target = dir.resolve("saved.fscene");
            flat = SceneTrees.flatScene(scene);
            SceneTrees.build(flat, scene);
            config = flat.config();
            SceneFiles.save(flat, file);
            System.out.printf("%n%s: FlatScene file %,d bytes%n", scene, Files.size(file));
        }

        @TearDown(Level.Invocation)
        public void closeLoaded() {
            if (loaded != null) {
                loaded.close();
                loaded = null;
            }
        }

        @TearDown(Level.Trial)
        public void delete() throws IOException {
            flat.close();
            deleteDirectory();
        }
    }

    /** jME's tree and its {@code .j3o} file. */
    @State(Scope.Benchmark)
    public static class JmeFiles extends TreeFiles {
        Path file;
        Path target;
        Node jme;

        @Setup(Level.Trial)
        public void build() throws IOException {
            createDirectory();
            file = dir.resolve("tree.j3o");
            target = dir.resolve("saved.j3o");
            jme = JmeTrees.build(scene).get(0);
            BinaryExporter.getInstance().save(jme, file.toFile());
            System.out.printf("%n%s: jME .j3o file %,d bytes%n", scene, Files.size(file));
        }

        @TearDown(Level.Trial)
        public void delete() throws IOException {
            deleteDirectory();
        }
    }

    /** The file's size against the flat arrays', set by each save. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class FileSize {
        public double fileToFlatBytes;
    }

    @Benchmark
    public long saveFlatscene(FlatFiles files, FileSize size) throws IOException {
        SceneFiles.save(files.flat, files.target);
        long bytes = Files.size(files.target);
        size.fileToFlatBytes = (double) bytes / ((long) FLAT_BYTES_PER_NODE * files.scene.nodeCount());
        return bytes;
    }

    @Benchmark
    public int loadFlatscene(FlatFiles files) throws IOException {
        files.loaded = SceneFiles.load(files.file, files.config);
        return files.loaded.nodeCount();
    }

    @Benchmark
    public long saveJme(JmeFiles files) throws IOException {
        BinaryExporter.getInstance().save(files.jme, files.target.toFile());
        return Files.size(files.target);
    }

    @Benchmark
    public Object loadJme(JmeFiles files) throws IOException {
        return BinaryImporter.getInstance().load(files.file.toFile());
    }
}
