package io.flatscene.samples.towers;

import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.MovableObject;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * A node hierarchy with its items kept as flat arrays, to be built again any number of times: what a game does with an
 * imported model it places many times, so that the model's meshes and materials are registered once. Captures nodes,
 * their local transforms and their items (mesh, material, local bounds); lights and cameras in the hierarchy are left
 * out.
 */
final class Prefab {
    /** Floats a part's local transform takes: position, orientation (x, y, z, w), scale. */
    private static final int TRANSFORM = 10;

    /** {@code parents[p]}: the part that part {@code p} hangs under, -1 for the root; always below {@code p}. */
    private final int[] parents;
    private final float[] transforms;
    private final String[] names;
    private final int[] itemParts;
    private final int[] itemMeshes;
    private final int[] itemMaterials;
    private final Aabb[] itemBounds;

    /**
     * @param parents    each part's parent part: -1 for the first (the root), an earlier part for every other
     * @param transforms each part's local position, orientation (x, y, z, w) and scale, {@value #TRANSFORM} floats a
     *                   part
     * @param names      each part's node name, "" for none
     * @param itemParts  each item's part, with its mesh id, material id and local bounds beside it
     */
    Prefab(int[] parents, float[] transforms, String[] names, int[] itemParts, int[] itemMeshes, int[] itemMaterials,
           Aabb[] itemBounds) {
        this.parents = parents;
        this.transforms = transforms;
        this.names = names;
        this.itemParts = itemParts;
        this.itemMeshes = itemMeshes;
        this.itemMaterials = itemMaterials;
        this.itemBounds = itemBounds;
    }

    /** Captures {@code root}'s subtree, parents before children, the root's own transform included. */
    static Prefab capture(SceneNode root) {
        List<SceneNode> parts = new ArrayList<>();
        List<Item> items = new ArrayList<>();
        List<Integer> itemParts = new ArrayList<>();
        parts.add(root);
        int[] parents = {-1};
        for (int p = 0; p < parts.size(); p++) {
            SceneNode node = parts.get(p);
            for (int o = 0; o < node.attachedObjectCount(); o++) {
                MovableObject object = node.attachedObject(o);
                if (object instanceof Item item) {
                    items.add(item);
                    itemParts.add(p);
                }
            }
            for (int c = 0; c < node.childCount(); c++) {
                parts.add(node.child(c));
                if (parents.length < parts.size()) {
                    parents = Arrays.copyOf(parents, parts.size() * 2);
                }
                parents[parts.size() - 1] = p;
            }
        }
        float[] transforms = new float[parts.size() * TRANSFORM];
        String[] names = new String[parts.size()];
        Vector3f vector = new Vector3f();
        Quaternionf rotation = new Quaternionf();
        for (int p = 0; p < parts.size(); p++) {
            SceneNode node = parts.get(p);
            node.getPosition(vector).get(transforms, p * TRANSFORM);
            node.getOrientation(rotation);
            transforms[p * TRANSFORM + 3] = rotation.x;
            transforms[p * TRANSFORM + 4] = rotation.y;
            transforms[p * TRANSFORM + 5] = rotation.z;
            transforms[p * TRANSFORM + 6] = rotation.w;
            node.getScale(vector).get(transforms, p * TRANSFORM + 7);
            names[p] = node.name();
        }
        int[] meshes = new int[items.size()];
        int[] materials = new int[items.size()];
        Aabb[] bounds = new Aabb[items.size()];
        for (int i = 0; i < items.size(); i++) {
            meshes[i] = items.get(i).meshId();
            materials[i] = items.get(i).materialId();
            bounds[i] = items.get(i).localAabb();
        }
        return new Prefab(Arrays.copyOf(parents, parts.size()), transforms, names,
                itemParts.stream().mapToInt(Integer::intValue).toArray(), meshes, materials, bounds);
    }

    /** {@return the number of parts (nodes) an instance has} */
    int parts() {
        return parents.length;
    }

    /** {@return the number of items an instance has} */
    int items() {
        return itemParts.length;
    }

    /**
     * Builds one instance under {@code parent}: a node a part and an item an item, the items with {@code queryFlags}.
     *
     * @return the instance's root node
     */
    SceneNode instantiate(SceneManager scene, SceneNode parent, int queryFlags) {
        SceneNode[] nodes = new SceneNode[parents.length];
        for (int p = 0; p < parents.length; p++) {
            SceneNode above = p == 0 ? parent : nodes[parents[p]];
            int t = p * TRANSFORM;
            nodes[p] = above.createChild(names[p])
                    .setPosition(transforms[t], transforms[t + 1], transforms[t + 2])
                    .setOrientation(transforms[t + 3], transforms[t + 4], transforms[t + 5], transforms[t + 6])
                    .setScale(transforms[t + 7], transforms[t + 8], transforms[t + 9]);
        }
        for (int i = 0; i < itemParts.length; i++) {
            nodes[itemParts[i]].attachObject(scene.createItem(itemMeshes[i], itemMaterials[i], itemBounds[i])
                    .setQueryFlags(queryFlags));
        }
        return nodes[0];
    }
}
