package io.flatscene.assets;

import io.flatscene.core.scene.Aabb;
import io.flatscene.render.Material;
import io.flatscene.render.Mesh;
import io.flatscene.render.Primitive;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.joml.Matrix3f;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.lwjgl.PointerBuffer;
import org.lwjgl.assimp.AIColor4D;
import org.lwjgl.assimp.AIFace;
import org.lwjgl.assimp.AIMaterial;
import org.lwjgl.assimp.AIMatrix4x4;
import org.lwjgl.assimp.AIMesh;
import org.lwjgl.assimp.AINode;
import org.lwjgl.assimp.AIScene;
import org.lwjgl.assimp.AIString;
import org.lwjgl.assimp.AIVector3D;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;

import static org.lwjgl.assimp.Assimp.AI_MATKEY_BASE_COLOR;
import static org.lwjgl.assimp.Assimp.AI_MATKEY_COLOR_DIFFUSE;
import static org.lwjgl.assimp.Assimp.AI_MATKEY_GLTF_ALPHACUTOFF;
import static org.lwjgl.assimp.Assimp.AI_MATKEY_GLTF_ALPHAMODE;
import static org.lwjgl.assimp.Assimp.AI_MATKEY_OPACITY;
import static org.lwjgl.assimp.Assimp.aiGetMaterialColor;
import static org.lwjgl.assimp.Assimp.aiGetMaterialFloatArray;
import static org.lwjgl.assimp.Assimp.aiGetMaterialString;
import static org.lwjgl.assimp.Assimp.aiPrimitiveType_LINE;
import static org.lwjgl.assimp.Assimp.aiPrimitiveType_POINT;
import static org.lwjgl.assimp.Assimp.aiPrimitiveType_TRIANGLE;
import static org.lwjgl.assimp.Assimp.aiReturn_SUCCESS;
import static org.lwjgl.assimp.Assimp.aiTextureType_NONE;

/**
 * Reads what {@link ModelImporter} keeps from Assimp's scene into a {@link ModelData} and checks it, on the import
 * thread and before Assimp's scene is released: the scene and the renderer are only touched once all of it passed.
 */
final class ModelReader {
    /**
     * The color of a material with no color key at all. Rare: a mesh without any material gets Assimp's own
     * default material, which has one.
     */
    private static final float DEFAULT_GRAY = 0.8f;
    /** The longest Java array of floats, over the 3 a vertex takes. */
    private static final int MAX_VERTICES = (Integer.MAX_VALUE - 8) / 3;
    private static final String COORDINATE_RULE = "coordinates must be finite and at most "
            + ModelImporter.MAX_COORDINATE + " from the origin";

    private ModelReader() {
    }

    /**
     * @param directory where the model's external texture files are looked up, or null for a model read from
     *                  memory, which can only use textures embedded in it
     */
    static ModelData read(String source, String label, AIScene imported, Path directory) {
        AINode rootNode = imported.mRootNode();
        if (rootNode == null) {
            throw new ModelException(source, "it has no node hierarchy");
        }
        Mesh[] meshes = readMeshes(source, label, imported);
        int[] references = new int[meshes.length];
        Vector3f min = new Vector3f(Float.POSITIVE_INFINITY);
        Vector3f max = new Vector3f(Float.NEGATIVE_INFINITY);
        List<ModelData.Node> nodes = readNodes(source, rootNode, meshes, references, min, max);
        if (Arrays.stream(references).sum() == 0) {
            long drawable = Arrays.stream(meshes).filter(Objects::nonNull).count();
            throw new ModelException(source, meshes.length == 0 ? "it holds no meshes"
                    : drawable == 0 ? "none of its " + meshes.length + " meshes has triangles, lines or points"
                    : "no node uses its " + drawable + " meshes");
        }
        for (int m = 0; m < meshes.length; m++) {
            meshes[m] = references[m] > 0 ? meshes[m] : null;
        }
        TextureReader textures = new TextureReader(source, imported, directory);
        return new ModelData(meshes, readMaterials(imported, meshes, textures), textures.textures(), nodes,
                Aabb.ofMinMax(min.x, min.y, min.z, max.x, max.y, max.z));
    }

    /**
     * Every mesh as the primitive it holds, null for those with nothing to draw. SortByPType leaves one primitive a
     * mesh, except that a mesh with triangles may keep stray points or lines, which only its triangles are read of.
     */
    private static Mesh[] readMeshes(String source, String label, AIScene imported) {
        int count = imported.mNumMeshes();
        PointerBuffer pointers = imported.mMeshes();
        Mesh[] meshes = new Mesh[count];
        for (int m = 0; m < count; m++) {
            AIMesh mesh = AIMesh.create(pointers.get(m));
            int types = mesh.mPrimitiveTypes();
            Primitive primitive = (types & aiPrimitiveType_TRIANGLE) != 0 ? Primitive.TRIANGLES
                    : (types & aiPrimitiveType_LINE) != 0 ? Primitive.LINES
                    : (types & aiPrimitiveType_POINT) != 0 ? Primitive.POINTS : null;
            if (primitive != null) {
                meshes[m] = toMesh(source, label, mesh, m, primitive);
            }
        }
        return meshes;
    }

    private static Mesh toMesh(String source, String label, AIMesh mesh, int index, Primitive primitive) {
        int corners = primitive == Primitive.TRIANGLES ? 3 : primitive == Primitive.LINES ? 2 : 1;
        int faceCount = mesh.mNumFaces();
        AIFace.Buffer faces = mesh.mFaces();
        int kept = 0;
        for (int f = 0; f < faceCount; f++) {
            kept += faces.get(f).mNumIndices() == corners ? 1 : 0;
        }
        int vertices = mesh.mNumVertices();
        if (kept == 0 || vertices == 0) {
            return null;
        }
        String name = mesh.mName().dataString();
        String meshName = label + "/" + (name.isBlank() ? "mesh " + index : name);
        if (vertices > MAX_VERTICES || kept > MAX_VERTICES) {
            throw new ModelException(source, "mesh " + ModelException.quote(meshName) + " has " + vertices
                    + " vertices and " + kept + " " + primitive.name().toLowerCase(Locale.ROOT) + "; at most "
                    + MAX_VERTICES + " of each are read");
        }
        int[] indices = new int[kept * corners];
        for (int f = 0, i = 0; f < faceCount; f++) {
            AIFace face = faces.get(f);
            if (face.mNumIndices() == corners) {
                face.mIndices().get(indices, i, corners);
                i += corners;
            }
        }
        float[] positions = new float[vertices * 3];
        vectors(mesh.mVertices()).get(positions);
        for (int i = 0; i < positions.length; i++) {
            if (!(Math.abs(positions[i]) <= ModelImporter.MAX_COORDINATE)) {
                int v = i - i % 3;
                throw new ModelException(source, "mesh " + ModelException.quote(meshName) + " has vertex " + v / 3
                        + " at " + point(positions[v], positions[v + 1], positions[v + 2]) + "; " + COORDINATE_RULE);
            }
        }
        float[] normals = new float[vertices * 3];
        AIVector3D.Buffer normalVectors = mesh.mNormals();
        if (normalVectors != null) {
            vectors(normalVectors).get(normals);
        }
        for (int v = 0; v < normals.length; v += 3) {
            // Assimp leaves NaN normals on degenerate triangles, and none on lines and points; up lights them as a
            // surface facing the sky, and any direction will do for a triangle of no area
            float x = normals[v];
            float y = normals[v + 1];
            float z = normals[v + 2];
            if (!Float.isFinite(x + y + z) || x * x + y * y + z * z == 0f) {
                normals[v] = 0f;
                normals[v + 1] = 1f;
                normals[v + 2] = 0f;
            }
        }
        AIVector3D.Buffer uvVectors = mesh.mTextureCoords(0);
        try {
            if (primitive != Primitive.TRIANGLES) {
                return Mesh.of(primitive, meshName, positions, normals, indices);
            }
            if (uvVectors == null) {
                return new Mesh(meshName, positions, normals, indices);
            }
            float[] uvw = new float[vertices * 3];
            vectors(uvVectors).get(uvw);
            float[] uvs = new float[vertices * 2];
            for (int v = 0; v < vertices; v++) {
                // a broken coordinate samples the texture's corner rather than failing the whole model
                uvs[v * 2] = Float.isFinite(uvw[v * 3]) ? uvw[v * 3] : 0f;
                uvs[v * 2 + 1] = Float.isFinite(uvw[v * 3 + 1]) ? uvw[v * 3 + 1] : 0f;
            }
            return new Mesh(meshName, positions, normals, uvs, indices);
        } catch (IllegalArgumentException e) {
            throw new ModelException(source, e.getMessage(), e);
        }
    }

    /** AIVector3D is three packed floats, so the whole array copies in one go. */
    private static FloatBuffer vectors(AIVector3D.Buffer buffer) {
        return MemoryUtil.memFloatBuffer(buffer.address(), buffer.remaining() * 3);
    }

    /**
     * Depth first with a stack of its own, children in the file's order, so each node follows its parent: the
     * hierarchy may be deeper than a Java thread's stack would hold recursion over. Counts each mesh's references and
     * grows the model's bounds by each mesh where its node places it.
     */
    private static List<ModelData.Node> readNodes(String source, AINode root, Mesh[] meshes, int[] references,
                                                  Vector3f min, Vector3f max) {
        record Pending(long node, int parent, Matrix4f parentToModel) {
        }
        List<ModelData.Node> nodes = new ArrayList<>();
        Deque<Pending> pending = new ArrayDeque<>();
        pending.push(new Pending(root.address(), -1, new Matrix4f()));
        Vector3f boxMin = new Vector3f();
        Vector3f boxMax = new Vector3f();
        int items = 0;
        while (!pending.isEmpty()) {
            Pending next = pending.pop();
            AINode node = AINode.create(next.node());
            String name = node.mName().dataString();
            Vector3f translation = new Vector3f();
            Quaternionf rotation = new Quaternionf();
            Vector3f scale = new Vector3f();
            decompose(toJoml(node.mTransformation(), new Matrix4f()), translation, rotation, scale);
            if (!translation.isFinite() || !scale.isFinite()) {
                throw new ModelException(source, "node " + ModelException.quote(name) + " has a transform a float "
                        + "cannot hold (translation " + point(translation.x, translation.y, translation.z) + ", scale "
                        + point(scale.x, scale.y, scale.z) + ")");
            }
            // bounds follow the transform as the scene will have it, so a dropped shear does not skew them
            Matrix4f toModel = new Matrix4f().translationRotateScale(translation, rotation, scale)
                    .mulLocal(next.parentToModel());
            IntBuffer ids = node.mMeshes();
            int[] drawn = new int[node.mNumMeshes()];
            int drawnCount = 0;
            for (int i = 0; i < drawn.length; i++) {
                int mesh = ids.get(i);
                if (mesh < 0 || mesh >= meshes.length || meshes[mesh] == null) {
                    continue;
                }
                Aabb local = meshes[mesh].bounds();
                toModel.transformAab(local.centerX() - local.halfX(), local.centerY() - local.halfY(),
                        local.centerZ() - local.halfZ(), local.centerX() + local.halfX(),
                        local.centerY() + local.halfY(), local.centerZ() + local.halfZ(), boxMin, boxMax);
                if (!(within(boxMin) && within(boxMax))) {
                    throw new ModelException(source, "node " + ModelException.quote(name) + " places mesh "
                            + ModelException.quote(meshes[mesh].name()) + " between "
                            + point(boxMin.x, boxMin.y, boxMin.z) + " and " + point(boxMax.x, boxMax.y, boxMax.z)
                            + "; " + COORDINATE_RULE);
                }
                min.min(boxMin);
                max.max(boxMax);
                references[mesh]++;
                drawn[drawnCount++] = mesh;
                if (++items > ModelImporter.MAX_ITEMS) {
                    throw new ModelException(source, "its nodes use meshes more than " + ModelImporter.MAX_ITEMS
                            + " times, one item each; at most " + ModelImporter.MAX_ITEMS + " items are imported");
                }
            }
            nodes.add(new ModelData.Node(name, next.parent(), translation, rotation, scale,
                    Arrays.copyOf(drawn, drawnCount)));
            PointerBuffer children = node.mChildren();
            for (int c = node.mNumChildren() - 1; c >= 0; c--) {
                pending.push(new Pending(children.get(c), nodes.size() - 1, toModel));
            }
        }
        return nodes;
    }

    private static String point(float x, float y, float z) {
        return "(" + x + ", " + y + ", " + z + ")";
    }

    private static boolean within(Vector3f point) {
        return Math.abs(point.x) <= ModelImporter.MAX_COORDINATE && Math.abs(point.y) <= ModelImporter.MAX_COORDINATE
                && Math.abs(point.z) <= ModelImporter.MAX_COORDINATE;
    }

    /** The material of each mesh in {@code meshes}, null where the mesh is. */
    private static Material[] readMaterials(AIScene imported, Mesh[] meshes, TextureReader textures) {
        PointerBuffer pointers = imported.mMaterials();
        Material[] byAssimpIndex = new Material[imported.mNumMaterials()];
        Material[] byMesh = new Material[meshes.length];
        PointerBuffer meshPointers = imported.mMeshes();
        for (int m = 0; m < meshes.length; m++) {
            if (meshes[m] == null) {
                continue;
            }
            int index = AIMesh.create(meshPointers.get(m)).mMaterialIndex();
            if (index < 0 || index >= byAssimpIndex.length) {
                byMesh[m] = Material.color(DEFAULT_GRAY, DEFAULT_GRAY, DEFAULT_GRAY);
                continue;
            }
            if (byAssimpIndex[index] == null) {
                AIMaterial material = AIMaterial.create(pointers.get(index));
                byAssimpIndex[index] = textures.addTo(material, toMaterial(material));
            }
            byMesh[m] = byAssimpIndex[index];
        }
        return byMesh;
    }

    /**
     * glTF's base color factor where there is one (Assimp also copies it to the diffuse color, but the base color
     * key is the one that holds it), the diffuse color otherwise. Alpha is the opacity where there is one: OBJ's
     * {@code d} is only there, and Assimp copies glTF's base color alpha there too, so multiplying the two would
     * square it. glTF's alpha mode then has the last word, as its specification says: OPAQUE ignores alpha, MASK
     * (without a texture) shows a surface whole or not at all.
     */
    private static Material toMaterial(AIMaterial material) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            AIColor4D color = AIColor4D.malloc(stack);
            float red = DEFAULT_GRAY;
            float green = DEFAULT_GRAY;
            float blue = DEFAULT_GRAY;
            float alpha = 1f;
            if (aiGetMaterialColor(material, AI_MATKEY_BASE_COLOR, aiTextureType_NONE, 0, color) == aiReturn_SUCCESS
                    || aiGetMaterialColor(material, AI_MATKEY_COLOR_DIFFUSE, aiTextureType_NONE, 0, color)
                    == aiReturn_SUCCESS) {
                red = color.r();
                green = color.g();
                blue = color.b();
                alpha = color.a();
            }
            FloatBuffer value = stack.floats(1f);
            IntBuffer max = stack.ints(1);
            if (aiGetMaterialFloatArray(material, AI_MATKEY_OPACITY, aiTextureType_NONE, 0, value, max)
                    == aiReturn_SUCCESS) {
                alpha = value.get(0);
            }
            AIString alphaMode = AIString.malloc(stack);
            if (aiGetMaterialString(material, AI_MATKEY_GLTF_ALPHAMODE, aiTextureType_NONE, 0, alphaMode)
                    == aiReturn_SUCCESS) {
                switch (alphaMode.dataString()) {
                    case "OPAQUE" -> alpha = 1f;
                    case "MASK" -> {
                        value.put(0, 0.5f);
                        max.put(0, 1);
                        aiGetMaterialFloatArray(material, AI_MATKEY_GLTF_ALPHACUTOFF, aiTextureType_NONE, 0, value,
                                max);
                        alpha = alpha >= value.get(0) ? 1f : 0f;
                    }
                    default -> { }
                }
            }
            return new Material(unit(red), unit(green), unit(blue), unit(alpha), 0.3f, 32f);
        }
    }

    /** Files hold over-bright and broken colors; the renderer takes 0 to 1. */
    private static float unit(float value) {
        return Float.isNaN(value) ? 1f : Math.max(0f, Math.min(1f, value));
    }

    /** Assimp's matrices are row-major (translation in a4, b4, c4); JOML's setter takes columns. */
    static Matrix4f toJoml(AIMatrix4x4 m, Matrix4f dest) {
        return dest.set(m.a1(), m.b1(), m.c1(), m.d1(),
                m.a2(), m.b2(), m.c2(), m.d2(),
                m.a3(), m.b3(), m.c3(), m.d3(),
                m.a4(), m.b4(), m.c4(), m.d4());
    }

    /**
     * Splits an affine matrix into translation, rotation and scale. A mirroring matrix (negative determinant) gets
     * a negative X scale, since the rotation of its normalized axes would not be a rotation at all; a degenerate
     * one (an axis scaled to nothing) keeps the identity rotation.
     */
    static void decompose(Matrix4f matrix, Vector3f translation, Quaternionf rotation, Vector3f scale) {
        matrix.getTranslation(translation);
        matrix.getScale(scale);
        Matrix3f axes = matrix.get3x3(new Matrix3f());
        if (axes.determinant() < 0f) {
            scale.x = -scale.x;
        }
        axes.scale(1f / scale.x, 1f / scale.y, 1f / scale.z);
        rotation.setFromUnnormalized(axes).normalize();
        if (!Float.isFinite(rotation.x + rotation.y + rotation.z + rotation.w)) {
            rotation.identity();
        }
    }
}
