package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SceneQueryTest {
    private static final Aabb UNIT = new Aabb(0, 0, 0, 1, 1, 1);
    private static final Vector3f ORIGIN = new Vector3f();
    private static final Vector3f PLUS_X = new Vector3f(1, 0, 0);

    private static SceneManager newScene() {
        return new SceneManager(SceneConfig.builder().maxNodes(4096).maxItems(4096).workerThreads(1).build());
    }

    /** A frame between changes and queries, which queries no longer need: they see the scene as it is. */
    private static void refresh(SceneManager scene) {
        Camera camera = scene.cameraCount() > 0 ? scene.camera(0) : scene.createCamera("eye");
        scene.updateFrame(camera);
    }

    private static Item itemAt(SceneManager scene, SceneNode parent, float x, float y, float z, Aabb box) {
        Item item = scene.createItem(0, 0, box);
        parent.createChild().setPosition(x, y, z).attachObject(item);
        return item;
    }

    @Test
    void rayHitsComeNearestFirstWithTheirEntryDistances() {
        try (SceneManager scene = newScene()) {
            SceneNode root = scene.rootNode();
            Item far = itemAt(scene, root, 30, 0, 0, UNIT);
            Item near = itemAt(scene, root, 10, 0, 0, UNIT);
            Item middle = itemAt(scene, root, 20, 0.5f, 0, UNIT);
            itemAt(scene, root, 20, 5, 0, UNIT);
            itemAt(scene, root, -10, 0, 0, UNIT);
            refresh(scene);

            List<RayHit> hits = scene.queries().ray(ORIGIN, PLUS_X, 100, -1);
            assertEquals(List.of(near, middle, far), hits.stream().map(RayHit::item).toList());
            assertEquals(9f, hits.get(0).distance(), 1e-6f);
            assertEquals(19f, hits.get(1).distance(), 1e-6f);
            assertEquals(29f, hits.get(2).distance(), 1e-6f);

            // Distances, and the range, are in world units whatever the direction's length.
            List<RayHit> scaled = scene.queries().ray(ORIGIN, new Vector3f(2, 0, 0), 100, -1);
            assertEquals(9f, scaled.get(0).distance(), 1e-6f);
            assertEquals(3, scaled.size());

            // From inside a box, the ray enters it at 0.
            List<RayHit> inside = scene.queries().ray(new Vector3f(10.5f, 0, 0), PLUS_X, 100, -1);
            assertEquals(near, inside.get(0).item());
            assertEquals(0f, inside.get(0).distance());
        }
    }

    @Test
    void maxDistanceIsHonouredInclusively() {
        try (SceneManager scene = newScene()) {
            Item near = itemAt(scene, scene.rootNode(), 10, 0, 0, UNIT);
            Item far = itemAt(scene, scene.rootNode(), 20, 0, 0, UNIT);
            refresh(scene);
            assertEquals(List.of(), scene.queries().ray(ORIGIN, PLUS_X, 8.99f, -1));
            assertEquals(List.of(near), items(scene.queries().ray(ORIGIN, PLUS_X, 9f, -1)));
            assertEquals(List.of(near), items(scene.queries().ray(ORIGIN, PLUS_X, 18.5f, -1)));
            assertEquals(List.of(near, far), items(scene.queries().ray(ORIGIN, PLUS_X, 19f, -1)));
            assertEquals(List.of(near, far), items(scene.queries().ray(ORIGIN, PLUS_X, Float.POSITIVE_INFINITY, -1)));
            // A zero-length ray still finds the box it starts in.
            assertEquals(List.of(near), items(scene.queries().ray(new Vector3f(10, 0, 0), PLUS_X, 0f, -1)));
        }
    }

    private static List<Item> items(List<RayHit> hits) {
        return hits.stream().map(RayHit::item).toList();
    }

    @Test
    void queryMaskMatchesQueryFlagsNotVisibilityFlags() {
        try (SceneManager scene = newScene()) {
            Item pickable = itemAt(scene, scene.rootNode(), 0, 0, 0, UNIT).setQueryFlags(0b10)
                    .setVisibilityFlags(0);
            Item hidden = itemAt(scene, scene.rootNode(), 0, 0, 0, UNIT).setQueryFlags(0)
                    .setVisibilityFlags(-1);
            Item both = itemAt(scene, scene.rootNode(), 0, 0, 0, UNIT).setQueryFlags(0b11);
            refresh(scene);
            Vector3f from = new Vector3f(-10, 0, 0);
            assertEquals(Set.of(pickable, both), Set.copyOf(items(scene.queries().ray(from, PLUS_X, 100, 0b10))));
            assertEquals(Set.of(both), Set.copyOf(items(scene.queries().ray(from, PLUS_X, 100, 0b01))));
            assertEquals(List.of(), scene.queries().ray(from, PLUS_X, 100, 0));
            assertEquals(Set.of(pickable, both), Set.copyOf(scene.queries().box(UNIT, 0b10)));
            assertEquals(Set.of(both), Set.copyOf(scene.queries().sphere(ORIGIN, 1, 0b01)));
            assertTrue(!scene.queries().box(UNIT, -1).contains(hidden));
        }
    }

    @Test
    void detachedItemsAndItemsOutsideTheGraphAreExcluded() {
        try (SceneManager scene = newScene()) {
            SceneNode root = scene.rootNode();
            Item attached = itemAt(scene, root, 0, 0, 0, UNIT);
            Item loose = scene.createItem(0, 0, UNIT);
            SceneNode branch = root.createChild();
            Item onBranch = itemAt(scene, branch.createChild(), 0, 0, 0, UNIT);
            SceneNode island = scene.createSceneNode("island");
            Item onIsland = itemAt(scene, island, 0, 0, 0, UNIT);
            Item leaving = itemAt(scene, root, 0, 0, 0, UNIT);
            refresh(scene);
            Vector3f from = new Vector3f(-10, 0, 0);
            assertEquals(Set.of(attached, onBranch, leaving), Set.copyOf(items(scene.queries().ray(from, PLUS_X, 100,
                    -1))));

            leaving.detachFromParent();
            branch.detachFromParent();
            island.reparent(root);
            refresh(scene);
            Set<Item> expected = Set.of(attached, onIsland);
            assertEquals(expected, Set.copyOf(items(scene.queries().ray(from, PLUS_X, 100, -1))));
            assertEquals(expected, Set.copyOf(scene.queries().box(UNIT, -1)));
            assertEquals(expected, Set.copyOf(scene.queries().sphere(ORIGIN, 0.5f, -1)));
            assertTrue(!scene.queries().box(UNIT, -1).contains(loose));
        }
    }

    @Test
    void touchingCountsForBoxAndSphereQueries() {
        try (SceneManager scene = newScene()) {
            // Box [0, 1]^3: coordinates exact in float, so "touching" is exact too.
            Item box = itemAt(scene, scene.rootNode(), 0, 0, 0, Aabb.ofMinMax(0, 0, 0, 1, 1, 1));
            refresh(scene);
            assertEquals(List.of(box), scene.queries().box(Aabb.ofMinMax(1, 0, 0, 2, 1, 1), -1));
            assertEquals(List.of(box), scene.queries().box(Aabb.ofMinMax(1, 1, 1, 2, 2, 2), -1), "corner contact");
            assertEquals(List.of(), scene.queries().box(Aabb.ofMinMax(1.0001f, 0, 0, 2, 1, 1), -1));
            assertEquals(List.of(box), scene.queries().sphere(new Vector3f(3, 0.5f, 0.5f), 2f, -1));
            assertEquals(List.of(), scene.queries().sphere(new Vector3f(3, 0.5f, 0.5f), 1.999f, -1));
            assertEquals(List.of(box), scene.queries().sphere(new Vector3f(0.5f, 0.5f, 0.5f), 0f, -1), "center inside");
            // Corner at distance 5 from (4, 5, 1): a 3-4-5 triangle.
            assertEquals(List.of(box), scene.queries().sphere(new Vector3f(4, 5, 1), 5f, -1));
            assertEquals(List.of(), scene.queries().sphere(new Vector3f(4, 5, 1), 4.99f, -1));
            assertEquals(List.of(box), scene.queries().ray(new Vector3f(-1, 1, 0.5f), PLUS_X, 10, -1).stream()
                    .map(RayHit::item).toList(), "a ray grazing a face");
        }
    }

    @Test
    void infiniteBoundsAreFoundByEveryQuery() {
        try (SceneManager scene = newScene()) {
            Item sky = itemAt(scene, scene.rootNode(), 100, 100, 100, Aabb.INFINITE);
            refresh(scene);
            assertEquals(List.of(sky), scene.queries().box(new Aabb(-500, 0, 0, 1, 1, 1), -1));
            assertEquals(List.of(sky), scene.queries().sphere(new Vector3f(0, -1000, 0), 1, -1));
            List<RayHit> hits = scene.queries().ray(ORIGIN, new Vector3f(0, 0, -1), 1, -1);
            assertEquals(1, hits.size());
            assertEquals(0f, hits.get(0).distance());
        }
    }

    /** Random boxes under random transforms, against the same tests written out in double precision. */
    @Test
    void queriesMatchBruteForceOnRandomScenes() {
        int[] found = new int[3];
        for (long seed = 1; seed <= 20; seed++) {
            Random random = new Random(seed);
            try (VisibilityScenes.Built built = VisibilityScenes.build(seed, 200, 800, 50, 0.2, 1)) {
                SceneManager scene = built.scene;
                scene.updateFrame(built.camera);
                for (int q = 0; q < 30; q++) {
                    int mask = VisibilityScenes.randomFlags(random);
                    Vector3f origin = new Vector3f(VisibilityScenes.signed(random, 80),
                            VisibilityScenes.signed(random, 80), VisibilityScenes.signed(random, 80));
                    Vector3f direction = new Vector3f(VisibilityScenes.signed(random, 1),
                            VisibilityScenes.signed(random, 1), VisibilityScenes.signed(random, 1));
                    if (random.nextInt(4) == 0) {
                        direction.setComponent(random.nextInt(3), 0f);
                    }
                    if (direction.lengthSquared() == 0f) {
                        direction.set(1, 0, 0);
                    }
                    float maxDistance = random.nextFloat() * 200f;
                    found[0] += checkRay(scene, origin, direction, maxDistance, mask, "seed " + seed + " ray " + q);

                    Aabb box = new Aabb(origin.x, origin.y, origin.z, random.nextFloat() * 30,
                            random.nextFloat() * 30, random.nextFloat() * 30);
                    Set<Item> inBox = bruteBox(scene, box, mask);
                    assertEquals(inBox, new HashSet<>(scene.queries().box(box, mask)), "seed " + seed + " box " + q);
                    found[1] += inBox.size();
                    float radius = random.nextFloat() * 40;
                    Set<Item> inSphere = bruteSphere(scene, origin, radius, mask);
                    assertEquals(inSphere, new HashSet<>(scene.queries().sphere(origin, radius, mask)),
                            "seed " + seed + " sphere " + q);
                    found[2] += inSphere.size();
                }
            }
        }
        // The random queries must actually find things, or the comparisons above prove little.
        assertTrue(found[0] > 100 && found[1] > 100 && found[2] > 100, Arrays.toString(found));
    }

    private static boolean takesPart(Item item, int mask) {
        return item.isAttached() && VisibilityScenes.hangsFromRoot(item.parentNode())
                && (item.queryFlags() & mask) != 0;
    }

    /** @return the number of hits */
    private static int checkRay(SceneManager scene, Vector3f o, Vector3f d, float maxDistance, int mask,
                                 String context) {
        List<RayHit> hits = scene.queries().ray(o, d, maxDistance, mask);
        Set<Item> expected = new HashSet<>();
        List<Double> expectedDistances = new ArrayList<>();
        Vector3f c = new Vector3f();
        Vector3f h = new Vector3f();
        double length = Math.sqrt((double) d.x * d.x + (double) d.y * d.y + (double) d.z * d.z);
        for (int i = 0; i < scene.itemCount(); i++) {
            Item item = scene.item(i);
            if (!takesPart(item, mask)) {
                continue;
            }
            item.getWorldCenter(c);
            item.getWorldHalfExtents(h);
            double near = 0;
            double far = maxDistance;
            boolean hit = true;
            for (int axis = 0; axis < 3 && hit; axis++) {
                double half = h.get(axis);
                if (Double.isInfinite(half)) {
                    continue;
                }
                double min = c.get(axis) - half;
                double max = c.get(axis) + half;
                double origin = o.get(axis);
                double dir = d.get(axis) / length;
                if (dir == 0) {
                    hit = origin >= min && origin <= max;
                    continue;
                }
                double t1 = (min - origin) / dir;
                double t2 = (max - origin) / dir;
                near = Math.max(near, Math.min(t1, t2));
                far = Math.min(far, Math.max(t1, t2));
                hit = near <= far;
            }
            if (hit) {
                expected.add(item);
                expectedDistances.add(near);
            }
        }
        assertEquals(expected, new HashSet<>(items(hits)), context);
        for (int k = 1; k < hits.size(); k++) {
            assertTrue(hits.get(k - 1).distance() <= hits.get(k).distance(), context + ": hits out of order");
        }
        expectedDistances.sort(Double::compare);
        for (int k = 0; k < hits.size(); k++) {
            assertEquals(expectedDistances.get(k), hits.get(k).distance(), 1e-3 * (1 + expectedDistances.get(k)),
                    context + ": distance of hit " + k);
        }
        return hits.size();
    }

    private static Set<Item> bruteBox(SceneManager scene, Aabb box, int mask) {
        Set<Item> found = new HashSet<>();
        Vector3f c = new Vector3f();
        Vector3f h = new Vector3f();
        for (int i = 0; i < scene.itemCount(); i++) {
            Item item = scene.item(i);
            if (!takesPart(item, mask)) {
                continue;
            }
            item.getWorldCenter(c);
            item.getWorldHalfExtents(h);
            boolean overlap = true;
            double[] bc = {box.centerX(), box.centerY(), box.centerZ()};
            double[] bh = {box.halfX(), box.halfY(), box.halfZ()};
            for (int axis = 0; axis < 3; axis++) {
                overlap &= Math.abs((double) c.get(axis) - bc[axis]) <= (double) h.get(axis) + bh[axis];
            }
            if (overlap) {
                found.add(item);
            }
        }
        return found;
    }

    private static Set<Item> bruteSphere(SceneManager scene, Vector3f center, float radius, int mask) {
        Set<Item> found = new HashSet<>();
        Vector3f c = new Vector3f();
        Vector3f h = new Vector3f();
        for (int i = 0; i < scene.itemCount(); i++) {
            Item item = scene.item(i);
            if (!takesPart(item, mask)) {
                continue;
            }
            item.getWorldCenter(c);
            item.getWorldHalfExtents(h);
            double squared = 0;
            for (int axis = 0; axis < 3; axis++) {
                double gap = Math.max(Math.abs((double) center.get(axis) - c.get(axis)) - h.get(axis), 0);
                squared += gap * gap;
            }
            if (squared <= (double) radius * radius) {
                found.add(item);
            }
        }
        return found;
    }

    @Test
    void badInputIsRejected() {
        try (SceneManager scene = newScene()) {
            itemAt(scene, scene.rootNode(), 0, 0, 0, UNIT);
            refresh(scene);
            float nan = Float.NaN;
            IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                    () -> scene.queries().ray(ORIGIN, new Vector3f(), 10, -1));
            assertTrue(zero.getMessage().contains("direction"), zero.getMessage());
            assertThrows(IllegalArgumentException.class, () -> scene.queries().ray(new Vector3f(nan, 0, 0), PLUS_X, 10,
                    -1));
            assertThrows(IllegalArgumentException.class, () -> scene.queries().ray(ORIGIN, new Vector3f(0, nan, 0), 10,
                    -1));
            assertThrows(IllegalArgumentException.class, () -> scene.queries().ray(ORIGIN,
                    new Vector3f(Float.POSITIVE_INFINITY, 0, 0), 10, -1));
            assertThrows(IllegalArgumentException.class, () -> scene.queries().ray(ORIGIN, PLUS_X, -1, -1));
            assertThrows(IllegalArgumentException.class, () -> scene.queries().ray(ORIGIN, PLUS_X, nan, -1));
            IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                    () -> scene.queries().sphere(ORIGIN, -1, -1));
            assertTrue(negative.getMessage().contains("-1.0"), "names the radius: " + negative.getMessage());
            assertThrows(IllegalArgumentException.class, () -> scene.queries().sphere(ORIGIN, nan, -1));
            assertThrows(IllegalArgumentException.class, () -> scene.queries().sphere(new Vector3f(0, 0, nan), 1, -1));
            assertThrows(NullPointerException.class, () -> scene.queries().box(null, -1));
            assertThrows(IllegalArgumentException.class, () -> new Aabb(nan, 0, 0, 1, 1, 1));
            assertThrows(IllegalArgumentException.class, () -> new Aabb(0, 0, 0, -1, 1, 1));
        }
    }
}
