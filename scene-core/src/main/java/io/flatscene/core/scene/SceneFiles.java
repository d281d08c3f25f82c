package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.Capacity;
import io.flatscene.core.scene.file.FileFormatException;
import io.flatscene.core.scene.file.SceneFileCodec;
import io.flatscene.core.scene.file.SceneImage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.IntFunction;
import java.util.function.ToIntFunction;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Saves a scene to a file and loads it back as a new scene: the flat arrays of its nodes (hierarchy, local
 * transforms, static, inherit and visibility flags, names, tags) and of its items, lights and cameras, in a versioned,
 * little-endian, checksummed binary format (docs/scene-file-format.md). User data objects ({@code setUserData}) are
 * not saved; tags are. Meshes and materials are the renderer's ids: a save can name them through a resolver, and a
 * load turns the names back into this run's ids through another; without resolvers the ids are kept as they are.
 *
 * <p>A load reads and checks the whole file before it builds anything: a truncated, corrupt, wrong-version or hostile
 * file throws {@link SceneFileException} naming the file and the rule broken, allocates no more than the file's own
 * length justifies, and leaves no scene behind.
 */
public final class SceneFiles {
    private static final Logger LOG = LogManager.getLogger(SceneFiles.class);

    private SceneFiles() {
    }

    /**
     * Saves the scene with its mesh and material ids as they are, as {@link #save(SceneManager, Path, IntFunction,
     * IntFunction)} does without names.
     *
     * @param scene the scene to save; open, and not in a frame
     * @param file  the file to write, replaced if it exists
     * @throws IOException           if the file cannot be written
     * @throws IllegalStateException if the scene is closed, or the calling thread does not own it
     */
    public static void save(SceneManager scene, Path file) throws IOException {
        save(scene, file, null, null);
    }

    /**
     * Saves every live node and object of the scene. The file is written beside its target and moved over it once
     * complete, so a failed save leaves any earlier file whole.
     *
     * @param scene         the scene to save; open, and not in a frame
     * @param file          the file to write, replaced if it exists; not a directory
     * @param meshNames     gives the name a mesh id is known by across runs (null for an id left unnamed), or
     *                      null to name none; it may throw for an id it has no name for, which refuses the save
     * @param materialNames the same for material ids, or null to name none
     * @throws SceneFileException    if a resolver throws for an id the scene's items use, naming the id and the file;
     *                               nothing is written
     * @throws IOException           if the file cannot be written (a {@link FileSystemException} if it is a
     *                               directory), leaving nothing beside it, or if the scene exceeds the 2 GiB (less 9
     *                               bytes, the longest array) a file holds
     * @throws IllegalStateException if the scene is closed, or the calling thread does not own it
     */
    public static void save(SceneManager scene, Path file, IntFunction<String> meshNames,
                            IntFunction<String> materialNames) throws IOException {
        Objects.requireNonNull(scene, "scene");
        Objects.requireNonNull(file, "file");
        SceneImage image;
        ByteBuffer bytes;
        try {
            image = SceneCapture.capture(scene, file.toString(), meshNames, materialNames);
            bytes = SceneFileCodec.encode(image, scene.kinds().formats(), file.toString());
        } catch (FileFormatException e) {
            throw new SceneFileException(e.getMessage(), e);
        }
        Path absolute = file.toAbsolutePath();
        // refused before anything is written: the move would fail on a full directory and replace an empty one
        if (Files.isDirectory(absolute)) {
            throw new FileSystemException(file.toString(), null, "is a directory, which a scene file cannot replace");
        }
        Path partial = absolute.resolveSibling(absolute.getFileName() + ".partial");
        try {
            try (FileChannel channel = FileChannel.open(partial, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                while (bytes.hasRemaining()) {
                    channel.write(bytes);
                }
            }
            Files.move(partial, absolute, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            Files.deleteIfExists(partial);
            throw e;
        }
        LOG.debug("saved {} nodes and {} items to {} ({} bytes)", image.nodeCount, image.objects[0].count(), file,
                bytes.capacity());
    }

    /**
     * Loads a scene file with its mesh and material ids as saved, as {@link #load(Path, SceneConfig, ToIntFunction,
     * ToIntFunction)} does without resolvers.
     *
     * @param file   the scene file
     * @param config the new scene's configuration
     * @return the new scene, which the caller owns and closes
     * @throws SceneFileException if the file breaks a rule of the format, or its scene does not fit the configuration
     * @throws IOException        if the file cannot be read
     */
    public static SceneManager load(Path file, SceneConfig config) throws IOException {
        return load(file, config, null, null);
    }

    /**
     * Loads a scene file into a new scene built from {@code config}. The file is read whole and checked (header,
     * version, checksum, every count against the bytes that hold it, every index, parents before children, finite
     * values, unit orientations), the mesh and material names resolved, and the configuration's capacities compared
     * with the file's counts under {@link io.flatscene.core.container.GrowthPolicy#FAIL}, all before the scene is
     * created; a value a setter refuses while it is built closes it before the exception leaves.
     *
     * @param file        the scene file
     * @param config      the new scene's configuration
     * @param meshIds     gives this run's id of a mesh the file names (a negative id, or an exception such as a
     *                    registry's refusal or a map's missing entry unboxed, refuses the file), or null to keep the
     *                    saved ids; entries saved without a name keep their id
     * @param materialIds gives this run's id of a named material, as {@code meshIds} does
     * @return the new scene, which the caller owns and closes
     * @throws SceneFileException if the file breaks a rule of the format, a name is unknown (the message names it and
     *                            the file), or its scene does not fit the configuration; or the file is longer than
     *                            an array or than the heap has room for
     * @throws IOException        if the file cannot be read
     */
    public static SceneManager load(Path file, SceneConfig config, ToIntFunction<String> meshIds,
                                    ToIntFunction<String> materialIds) throws IOException {
        return load(file, config, meshIds, materialIds, List.of());
    }

    /** Loads a file into a scene that declares the kinds {@code declared} beside the built-in ones. */
    static SceneManager load(Path file, SceneConfig config, ToIntFunction<String> meshIds,
                             ToIntFunction<String> materialIds, List<ObjectKind.Declaration> declared)
            throws IOException {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(config, "config");
        String name = file.toString();
        ByteBuffer bytes = read(file, name);
        SceneImage image;
        AssetTables assets;
        try {
            image = SceneFileCodec.decode(bytes, ObjectKinds.formats(declared), name);
            assets = AssetTables.forLoad(image.resolve(name, "mesh", image.meshIds, image.meshNames, meshIds),
                    image.resolve(name, "material", image.materialIds, image.materialNames, materialIds));
        } catch (FileFormatException e) {
            throw new SceneFileException(e.getMessage(), e);
        }
        return SceneRebuild.build(name, image, config, declared, assets);
    }

    /** The whole file, little endian; its length, which the file itself shows, is all it allocates. */
    private static ByteBuffer read(Path file, String name) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size > Capacity.MAX_ARRAY_LENGTH) {
                throw new SceneFileException(String.format(Locale.ROOT, "scene file %s: %,d bytes, above the %,d "
                        + "a scene file holds (the longest array)", name, size, Capacity.MAX_ARRAY_LENGTH));
            }
            ByteBuffer bytes;
            try {
                bytes = ByteBuffer.allocate((int) size).order(ByteOrder.LITTLE_ENDIAN);
            } catch (OutOfMemoryError e) {
                throw new SceneFileException(String.format(Locale.ROOT, "scene file %s: its %,d bytes do not fit in "
                        + "the heap (it holds %,d MiB at most, other data included): raise -Xmx", name, size,
                        Runtime.getRuntime().maxMemory() >> 20), e);
            }
            while (bytes.hasRemaining()) {
                if (channel.read(bytes) < 0) {
                    throw new SceneFileException("scene file " + name + ": it shrank while being read");
                }
            }
            return bytes.flip();
        }
    }
}
