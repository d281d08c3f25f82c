package io.flatscene.core.scene.file;

import io.flatscene.core.container.Index;
import java.util.function.ToIntFunction;

/**
 * A scene in the form of its file: the string table, the mesh and material tables, the nodes' columns in file order
 * (parents before children) and one {@link ObjectRecords} per kind of movable object, in the order of the scene's
 * kind table. The codec reads and writes it; the scene side captures it from a scene and builds a scene from it.
 */
public final class SceneImage {
    public static final int STATIC = 1;
    public static final int INHERIT_ORIENTATION = 1 << 1;
    public static final int INHERIT_SCALE = 1 << 2;
    public static final int HIDDEN = 1 << 3;
    static final int NODE_FLAGS = STATIC | INHERIT_ORIENTATION | INHERIT_SCALE | HIDDEN;

    /** String 0 is always the empty string, the name of every unnamed node and object. */
    public String[] strings = {""};
    public int[] meshIds = new int[0];
    /** A string index per mesh table entry, or {@link Index#NONE} for an entry saved without a name. */
    public int[] meshNames = new int[0];
    public int[] materialIds = new int[0];
    public int[] materialNames = new int[0];

    public int nodeCount;
    /** Each node's parent, a node index below its own, or {@link Index#NONE}: node 0 is the root. */
    public int[] nodeParent;
    public int[] nodeName;
    public byte[] nodeFlags;
    public float[] position;
    public float[] orientation;
    public float[] scale;
    public long[] nodeTag;

    /** One table of records a kind, in the order of the kinds of the scene the image belongs to. */
    public ObjectRecords[] objects = new ObjectRecords[0];

    public void allocateNodes(int count) {
        nodeCount = count;
        nodeParent = new int[count];
        nodeName = new int[count];
        nodeFlags = new byte[count];
        position = new float[3 * count];
        orientation = new float[4 * count];
        scale = new float[3 * count];
        nodeTag = new long[count];
    }

    /**
     * Maps the ids of a mesh or material table to this run's: each named entry through {@code resolver}, the others
     * (and every entry when there is no resolver) to the id they were saved with.
     *
     * @param kind "mesh" or "material", for the message
     * @throws FileFormatException if the resolver does not know a named entry (gives a negative id or throws), naming
     *                             it
     */
    public int[] resolve(String file, String kind, int[] ids, int[] names, ToIntFunction<String> resolver)
            throws FileFormatException {
        int[] resolved = ids.clone();
        if (resolver == null) {
            return resolved;
        }
        for (int e = 0; e < ids.length; e++) {
            if (names[e] != Index.NONE) {
                String name = strings[names[e]];
                int id;
                try {
                    id = resolver.applyAsInt(name);
                } catch (RuntimeException refused) {
                    // a map's get unboxes null for a name it lacks, a registry refuses it: either way it is unknown
                    throw new FileFormatException("scene file " + file + ": " + kind + " '" + name + "' (id " + ids[e]
                            + " when saved) is unknown here: the resolver threw " + refused, refused);
                }
                if (id < 0) {
                    throw new FileFormatException("scene file " + file + ": " + kind + " '" + name + "' (id " + ids[e]
                            + " when saved) is unknown here: the resolver gave " + id);
                }
                resolved[e] = id;
            }
        }
        return resolved;
    }
}
