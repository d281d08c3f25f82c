package io.flatscene.core.scene.query;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.QueryResult;
import io.flatscene.core.scene.SceneManager;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A volume query gives the entries of a node it holds whole without testing them, and tests those of a node it only
 * meets. Shown by a stale entry box, which only a test reads: one item's entry is moved far off while the tree's
 * boxes still hold its true place (so a sync, which reads marked chunks alone, leaves it be). A query holding the
 * item's whole neighbourhood finds it all the same; one that only grazes its leaf tests the entry and drops it.
 */
class VolumeQueryWholeNodeTest {
    private static final Aabb UNIT = new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f);

    private final SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(1024).maxItems(1024)
            .workerThreads(1).build());
    private final List<Item> items = new ArrayList<>();
    private final QueryResult result = new QueryResult();
    /** The item whose entry is made stale, at the middle of the field, and where it truly is. */
    private final Item marked;
    private final Vector3f at = new Vector3f(15f, 15f, 15f);

    VolumeQueryWholeNodeTest() throws ReflectiveOperationException {
        for (int i = 0; i < 1000; i++) {
            Item item = scene.createItem(0, 0, UNIT);
            scene.rootNode().createChild().setPosition(i % 10 * 3f, i / 10 % 10 * 3f, i / 100 * 3f)
                    .attachObject(item);
            items.add(item);
        }
        marked = items.get(555);
        scene.queries().box(Aabb.INFINITE, -1);
        QueryIndexFields index = new QueryIndexFields(scene);
        assertEquals(1000, index.intField("builtCount"));
        index.floats("entryBox")[index.entryOf(marked) * 6] = 1000f;
    }

    @AfterEach
    void close() {
        scene.close();
    }

    /**
     * @param kind 0 box, 1 sphere, 2 frustum
     * @param reach how far the query reaches from the item's center: 9 holds its leaf and more whole, 0.75 only grazes
     */
    private boolean finds(int kind, float reach) {
        switch (kind) {
            case 0 -> scene.queries().box(new Aabb(at.x, at.y, at.z, reach, reach, reach), -1, result);
            case 1 -> scene.queries().sphere(at, reach, -1, result);
            default -> scene.queries().frustum(new Matrix4f().ortho(-reach, reach, -reach, reach, -reach, reach)
                    .translate(-at.x, -at.y, -at.z), -1, result);
        }
        for (int i = 0; i < result.size(); i++) {
            if (result.item(i) == marked) {
                return true;
            }
        }
        return false;
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void aNodeHeldWholeGivesItsEntriesUntested(int kind) {
        assertTrue(finds(kind, 9f));
        assertTrue(result.size() > 50, "the query holds a neighbourhood: " + result.size());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void aNodeOnlyMetHasItsEntriesTested(int kind) {
        assertFalse(finds(kind, 0.75f));
    }

    /**
     * A query that holds the whole tree holds its root, here a leaf (four entries left of 70 rebuild the tree as one
     * leaf), whose entries it gives untested, the stale one too.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void aRootHeldWholeGivesItsEntriesUntested(int kind) throws ReflectiveOperationException {
        for (Item item : items.subList(4, 1000)) {
            scene.destroyItem(item);
        }
        scene.queries().box(Aabb.INFINITE, -1);
        QueryIndexFields index = new QueryIndexFields(scene);
        assertEquals(4, index.intField("builtCount"));
        assertEquals(4, index.intField("rootRef") & 15, "the root is a leaf of four");
        Item stale = items.get(3);
        index.floats("entryBox")[index.entryOf(stale) * 6] = 1000f;
        at.set(3f, 0f, 0f);
        switch (kind) {
            case 0 -> scene.queries().box(new Aabb(at.x, at.y, at.z, 20f, 20f, 20f), -1, result);
            case 1 -> scene.queries().sphere(at, 20f, -1, result);
            default -> scene.queries().frustum(new Matrix4f().ortho(-20f, 20f, -20f, 20f, -20f, 20f)
                    .translate(-at.x, -at.y, -at.z), -1, result);
        }
        assertEquals(4, result.size());
        assertEquals(stale, result.item(3));
    }

    /**
     * A sphere of radius 0 holds no node whole, not even one of points at its very center: the narrowing leaves
     * nothing, where the narrowed radius taken as is would square to the slack and hold the points' leaf.
     */
    @Test
    void aSphereOfRadiusZeroTestsEveryEntry() throws ReflectiveOperationException {
        try (SceneManager points = new SceneManager(SceneConfig.builder().maxNodes(128).maxItems(128)
                .workerThreads(1).build())) {
            List<Item> made = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                Aabb bounds = i < 4 ? new Aabb(0f, 0f, 0f, 0f, 0f, 0f) : UNIT;
                Item item = points.createItem(0, 0, bounds);
                points.rootNode().createChild().setPosition(i < 4 ? 1000f : i * 3f, i < 4 ? 1000f : 0f,
                        i < 4 ? 1000f : 0f).attachObject(item);
                made.add(item);
            }
            points.queries().box(Aabb.INFINITE, -1);
            QueryIndexFields index = new QueryIndexFields(points);
            assertEquals(100, index.intField("builtCount"));
            index.floats("entryBox")[index.entryOf(made.get(0)) * 6] = -1000f;
            List<Item> found = points.queries().sphere(new Vector3f(1000f, 1000f, 1000f), 0f, -1);
            assertEquals(made.subList(1, 4), found);
        }
    }
}
