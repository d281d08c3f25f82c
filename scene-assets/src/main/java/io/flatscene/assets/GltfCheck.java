package io.flatscene.assets;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a glTF file's JSON before Assimp does, and refuses what Assimp would recurse over without bound or copy
 * without end: a node hierarchy or a JSON nesting deeper than {@link ModelImporter#MAX_DEPTH}, nodes that do not form
 * trees (a cycle, a node with two parents, a child that does not exist), and a scene whose root list names a node
 * twice or one that is not a root (Assimp copies the subtree of each entry). Assimp recurses on the native stack,
 * where running out is a crash of the whole process, not an exception.
 *
 * <p>Assimp's glTF importers tell JSON from binary glTF by the content, not by the name, so this does too. Both glTF
 * 2.0 (nodes in an array, named by index) and glTF 1.0 (nodes in an object, named by id) are read, since Assimp
 * reads both.
 */
final class GltfCheck {
    private static final int GLB_MAGIC = 0x46546C67;
    private static final int GLB_JSON_CHUNK = 0x4E4F534A;
    private static final int GLB_1_HEADER = 20;
    private static final int GLB_2_HEADER = 12;
    private static final int CHUNK_HEADER = 8;

    private final String source;
    /** The nodes in the file's order: glTF 2.0's array, or glTF 1.0's object's values. */
    private final List<?> nodes;
    /** glTF 1.0's node ids, in the file's order, and their indices; null for glTF 2.0. */
    private final List<String> ids;
    private final Map<String, Integer> indexOfId;
    /** Each node's parent, -1 for a root. */
    private final int[] parent;

    private GltfCheck(String source, List<?> nodes, List<String> ids) {
        this.source = source;
        this.nodes = nodes;
        this.ids = ids;
        indexOfId = new HashMap<>();
        for (int i = 0; ids != null && i < ids.size(); i++) {
            indexOfId.put(ids.get(i), i);
        }
        parent = new int[nodes.size()];
        Arrays.fill(parent, -1);
    }

    /**
     * @param data the whole file, from its position to its limit; left as it was
     * @throws ModelException naming {@code source} and the rule the file breaks
     */
    static void check(String source, ByteBuffer data) {
        ByteBuffer file = data.slice().order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer json = file.remaining() >= 4 && file.getInt(0) == GLB_MAGIC ? jsonChunk(source, file) : file;
        Object document;
        try {
            document = JsonParser.parse(text(json), ModelImporter.MAX_DEPTH);
        } catch (JsonParser.MalformedJsonException e) {
            throw new ModelException(source, "its glTF JSON is not valid: " + e.getMessage(), e);
        }
        if (!(document instanceof Map<?, ?> root)) {
            throw new ModelException(source, "its glTF JSON is not an object");
        }
        Object nodes = root.get("nodes");
        GltfCheck check;
        if (nodes instanceof List<?> list) {
            check = new GltfCheck(source, list, null);
        } else if (nodes instanceof Map<?, ?> byId) {
            check = new GltfCheck(source, new ArrayList<>(byId.values()),
                    byId.keySet().stream().map(String.class::cast).toList());
        } else if (nodes == null) {
            check = new GltfCheck(source, List.of(), null);
        } else {
            throw new ModelException(source, "its \"nodes\" is neither an array (glTF 2.0) nor an object (glTF 1.0)");
        }
        check.checkHierarchy();
        check.checkScenes(root.get("scenes"));
    }

    /** The JSON chunk of a binary glTF: version 2's first chunk, or version 1's content. */
    private static ByteBuffer jsonChunk(String source, ByteBuffer file) {
        if (file.remaining() < GLB_2_HEADER) {
            throw new ModelException(source, "its binary glTF header is cut short (" + file.remaining()
                    + " bytes)");
        }
        int version = file.getInt(4);
        int start;
        long length;
        if (version == 2) {
            if (file.remaining() < GLB_2_HEADER + CHUNK_HEADER) {
                throw new ModelException(source, "its binary glTF has no complete first chunk header");
            }
            if (file.getInt(GLB_2_HEADER + 4) != GLB_JSON_CHUNK) {
                throw new ModelException(source, "its binary glTF does not start with a JSON chunk");
            }
            start = GLB_2_HEADER + CHUNK_HEADER;
            length = Integer.toUnsignedLong(file.getInt(GLB_2_HEADER));
        } else if (version == 1) {
            if (file.remaining() < GLB_1_HEADER) {
                throw new ModelException(source, "its binary glTF 1.0 header is cut short (" + file.remaining()
                        + " bytes)");
            }
            start = GLB_1_HEADER;
            length = Integer.toUnsignedLong(file.getInt(12));
        } else {
            throw new ModelException(source, "its binary glTF has version " + Integer.toUnsignedString(version)
                    + "; versions 1 and 2 exist");
        }
        if (length > file.remaining() - start) {
            throw new ModelException(source, "its binary glTF's JSON is " + length + " bytes long, but only "
                    + (file.remaining() - start) + " follow the header");
        }
        return file.slice(start, (int) length);
    }

    /**
     * UTF-8, as glTF requires, up to the first NUL: Assimp's parser reads the JSON as a C string, and GLB writers
     * pad the JSON chunk with spaces or, against the rules, with NULs. Malformed bytes decode to U+FFFD, as
     * Assimp's parser does not check the encoding either.
     */
    private static String text(ByteBuffer json) {
        int end = 0;
        while (end < json.remaining() && json.get(end) != 0) {
            end++;
        }
        byte[] bytes = new byte[end];
        json.get(0, bytes);
        int bom = end >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF ? 3 : 0;
        return new String(bytes, bom, end - bom, StandardCharsets.UTF_8);
    }

    /**
     * Finds each node's parent, then each node's depth by walking up to a node whose depth is known: every node is
     * walked over once, and the walk needs no recursion however deep the hierarchy.
     */
    private void checkHierarchy() {
        int count = nodes.size();
        for (int p = 0; p < count; p++) {
            if (!(nodes.get(p) instanceof Map<?, ?> node)) {
                throw new ModelException(source, name(p) + " is not a JSON object");
            }
            Object children = node.get("children");
            if (children == null) {
                continue;
            }
            if (!(children instanceof List<?> list)) {
                throw new ModelException(source, "the children of " + name(p) + " are not an array");
            }
            for (Object entry : list) {
                int child = index(entry, name(p) + " has the child ");
                if (parent[child] == p) {
                    throw new ModelException(source, name(p) + " lists " + name(child) + " as a child twice");
                }
                if (parent[child] >= 0) {
                    throw new ModelException(source, name(child) + " is a child of both " + name(parent[child])
                            + " and " + name(p) + "; a node has at most one parent");
                }
                parent[child] = p;
            }
        }
        // 0: not yet known, -1: on the current walk, else the node's depth (a root is at depth 1)
        int[] depth = new int[count];
        int[] walk = new int[count];
        int deepest = 0;
        int deepestNode = -1;
        for (int first = 0; first < count; first++) {
            int length = 0;
            int at = first;
            while (at >= 0 && depth[at] == 0) {
                depth[at] = -1;
                walk[length++] = at;
                at = parent[at];
            }
            if (at >= 0 && depth[at] < 0) {
                throw new ModelException(source, "its nodes form a cycle through " + name(at)
                        + "; a node hierarchy is a tree");
            }
            int below = at < 0 ? 0 : depth[at];
            for (int i = length - 1; i >= 0; i--) {
                depth[walk[i]] = ++below;
            }
            if (below > deepest) {
                deepest = below;
                deepestNode = first;
            }
        }
        if (deepest > ModelImporter.MAX_DEPTH) {
            throw new ModelException(source, "its node hierarchy is " + deepest + " levels deep (down to "
                    + name(deepestNode) + "); at most " + ModelImporter.MAX_DEPTH + " are imported");
        }
    }

    /** Each scene lists root nodes, each once: Assimp imports a copy of the subtree of every entry. */
    private void checkScenes(Object scenes) {
        if (scenes == null) {
            return;
        }
        List<?> list;
        List<String> sceneIds = null;
        if (scenes instanceof List<?> array) {
            list = array;
        } else if (scenes instanceof Map<?, ?> byId) {
            list = new ArrayList<>(byId.values());
            sceneIds = byId.keySet().stream().map(String.class::cast).toList();
        } else {
            throw new ModelException(source, "its \"scenes\" is neither an array (glTF 2.0) nor an object "
                    + "(glTF 1.0)");
        }
        for (int s = 0; s < list.size(); s++) {
            String scene = "scene " + (sceneIds == null ? Integer.toString(s)
                    : ModelException.quote(sceneIds.get(s)));
            Object roots = list.get(s) instanceof Map<?, ?> map ? map.get("nodes") : null;
            if (roots == null) {
                continue;
            }
            if (!(roots instanceof List<?> entries)) {
                throw new ModelException(source, "the nodes of " + scene + " are not an array");
            }
            Set<Integer> listed = new HashSet<>();
            for (Object entry : entries) {
                int root = index(entry, scene + " lists ");
                if (parent[root] >= 0) {
                    throw new ModelException(source, scene + " lists " + name(root) + ", a child of "
                            + name(parent[root]) + "; a scene lists root nodes");
                }
                if (!listed.add(root)) {
                    throw new ModelException(source, scene + " lists " + name(root) + " twice");
                }
            }
        }
    }

    /** The node an entry of a children or roots array names; {@code context} starts the message if none. */
    private int index(Object entry, String context) {
        if (ids != null) {
            Integer index = entry instanceof String id ? indexOfId.get(id) : null;
            if (index == null) {
                throw new ModelException(source, context + describe(entry) + ", which is not a node id");
            }
            return index;
        }
        if (entry instanceof Long index && index >= 0 && index < nodes.size()) {
            return index.intValue();
        }
        throw new ModelException(source, context + describe(entry) + ", which is not a node index (0 to "
                + (nodes.size() - 1) + ")");
    }

    private static String describe(Object value) {
        if (value instanceof String text) {
            return ModelException.quote(text);
        }
        return value instanceof Map ? "{...}" : value instanceof List ? "[...]" : String.valueOf(value);
    }

    /** "node 3 ('arm')", "node 'arm-id'" for glTF 1.0, or "node 3" when it has no name. */
    private String name(int index) {
        if (ids != null) {
            return "node " + ModelException.quote(ids.get(index));
        }
        Object name = nodes.get(index) instanceof Map<?, ?> node ? node.get("name") : null;
        return "node " + index + (name instanceof String text ? " (" + ModelException.quote(text) + ")" : "");
    }
}
