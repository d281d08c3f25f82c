package io.flatscene.core.scene.query;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.LinearScan;
import io.flatscene.core.scene.QueryInternals;
import io.flatscene.core.scene.QueryResult;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.Space;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Short rays answered by the query index's grid ({@link RayGrid}) find exactly what a linear scan finds, at the same
 * distances, through moves inside and out of the entries' covers, churn and box changes: rays from inside and outside
 * the grid's region, along axes, and from points on the cells' faces, where a walk's rounding would skip a cell.
 */
class RayGridPropertyTest {
    private static final float FIELD = 30f;

    @Property(tries = 12)
    void gridWalksMatchALinearScan(@ForAll long seed) throws ReflectiveOperationException {
        try (World world = new World(seed, 1_500, false, 0f)) {
            world.warmUp();
            assertTrue(world.grid.live(), "seed " + seed + ": the grid was built once the rays paid for it");
            for (int step = 0; step < 80; step++) {
                world.change();
                for (int r = 0; r < 12; r++) {
                    world.checkRay("seed " + seed + " step " + step + " ray " + r);
                }
                world.scene.validate();
            }
        }
    }

    @Test
    void escapesPastTheLimitDropTheGridAndMoreRaysBuildItAgain() throws ReflectiveOperationException {
        try (World world = new World(7L, 2_000, true, 0f)) {
            world.warmUp();
            assertTrue(world.grid.live());
            for (int i = 0; i < RayGrid.ALWAYS_LIMIT; i++) {
                world.nodes.get(i).translate(20f, 0f, 0f, Space.PARENT);
            }
            world.checkRay("after " + RayGrid.ALWAYS_LIMIT + " escapes");
            assertTrue(world.grid.live(), "as many escapes as the limit keep the grid");
            world.scene.validate();
            world.nodes.get(RayGrid.ALWAYS_LIMIT).translate(20f, 0f, 0f, Space.PARENT);
            world.checkRay("after one escape more");
            assertFalse(world.grid.live(), "one escape past the limit drops the grid");
            for (int r = 0; r < 40; r++) {
                world.checkRay("tree ray " + r);
            }
            world.warmUp();
            assertTrue(world.grid.live(), "rays paid for the grid again");
            world.checkRay("after the rebuild");
            world.scene.validate();
        }
    }

    @Test
    void manyUnboundedItemsLeaveTheRaysToTheTree() throws ReflectiveOperationException {
        try (World world = new World(11L, 500, false, 0f)) {
            for (int i = 0; i <= RayGrid.ALWAYS_LIMIT; i++) {
                world.scene.rootNode().attachObject(world.scene.createItem(0, 0, Aabb.INFINITE));
            }
            world.warmUp();
            assertFalse(world.grid.live(), "more unbounded items than the limit: no grid");
            for (int r = 0; r < 50; r++) {
                world.checkRay("ray " + r);
            }
        }
    }

    @Test
    void shortRaysAreAnsweredByTheGridAndUnboundedOnesByTheTree() throws ReflectiveOperationException {
        try (World world = new World(23L, 2_000, true, 0f)) {
            world.warmUp();
            Object stretch = world.stretch();
            Field found = RayGrid.Stretch.class.getDeclaredField("foundCount");
            found.setAccessible(true);
            // the tree's walk writes how many leaves it queued: -1 stays while the grid answers alone
            Object caster = world.caster();
            Field leaves = RayCaster.class.getDeclaredField("leafCount");
            leaves.setAccessible(true);
            QueryResult result = new QueryResult();
            int walked = 0;
            for (int r = 0; r < 300; r++) {
                Vector3f origin = new Vector3f(world.signed(FIELD), world.signed(FIELD), world.signed(FIELD));
                Vector3f direction = r % 4 == 0 ? new Vector3f(0f, 0f, 1f)
                        : new Vector3f(world.signed(1f), world.signed(1f), 1f);
                leaves.setInt(caster, -1);
                int hits = world.scene.queries().ray(origin, direction, 24f, -1, result).size();
                assertEquals(hits, found.getInt(stretch), "ray " + r + ": the grid found each hit once");
                assertEquals(-1, leaves.getInt(caster), "ray " + r + ": the tree was not walked");
                walked += hits;
            }
            assertTrue(walked > 20, "the short rays hit " + walked + " items");
            int hits = 0;
            for (int r = 0; hits == 0 && r < 100; r++) {
                hits = world.scene.queries().ray(new Vector3f(-FIELD - 5f, world.signed(FIELD), world.signed(FIELD)),
                        new Vector3f(1f, 0.01f, 0.02f), Float.POSITIVE_INFINITY, -1, result).size();
            }
            assertTrue(hits > 0, "one of 100 rays across the field hits something");
            assertTrue(leaves.getInt(caster) > 0, "the tree answered it");
            assertEquals(0, found.getInt(stretch), "an unbounded ray is left to the tree");
        }
    }

    @Test
    void raysAlongAnAxisGrazingBoxFacesMatchTheScan() throws ReflectiveOperationException {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(1_024).maxItems(1_024).build())) {
            Aabb unit = new Aabb(0f, 0f, 0f, 0.5f, 0.5f, 0.5f);
            for (int i = 0; i < 1_000; i++) {
                scene.rootNode().createChild().setPosition(i % 10 * 3f, i / 10 % 10 * 3f, i / 100 * 3f)
                        .attachObject(scene.createItem(0, 0, unit));
            }
            QueryResult indexed = new QueryResult();
            QueryResult scanned = new QueryResult();
            Random random = new Random(29L);
            for (int r = 0; r < 600; r++) {
                // an origin on the planes of the cubes' faces, x = 3i +- 0.5 and z = 3k +- 0.5, or inside a column
                float x = random.nextInt(10) * 3f + (random.nextInt(3) - 1) * 0.5f;
                float z = random.nextInt(10) * 3f + (random.nextInt(3) - 1) * 0.5f;
                Vector3f origin = new Vector3f(x, random.nextFloat() * 30f - 2f, z);
                Vector3f direction = new Vector3f(0f, random.nextBoolean() ? 1f : -1f, 0f);
                scene.queries().ray(origin, direction, 12f, -1, indexed);
                LinearScan.ray(scene, origin, direction, 12f, -1, scanned);
                assertEquals(scanned.size(), indexed.size(), "ray " + r + " from " + origin);
                for (int i = 0; i < scanned.size(); i++) {
                    assertEquals(scanned.item(i), indexed.item(i), "ray " + r + " item " + i);
                    assertEquals(scanned.distance(i), indexed.distance(i), "ray " + r + " distance " + i);
                }
            }
            assertTrue(new QueryIndexFields(scene).grid().live(), "the grid answered the later rays");
        }
    }

    @Test
    void aRayThroughAPileFindsEveryItemOnce() throws ReflectiveOperationException {
        try (World world = new World(31L, 1_000, true, 0f)) {
            for (int i = 0; i < 150; i++) {
                world.scene.rootNode().createChild().setPosition(1f, 2f, 3f + i * 1e-3f)
                        .attachObject(world.scene.createItem(0, 0, new Aabb(0f, 0f, 0f, 0.4f, 0.4f, 0.4f)));
            }
            world.scene.update();
            world.warmUp();
            assertTrue(world.grid.live());
            QueryResult indexed = new QueryResult();
            QueryResult scanned = new QueryResult();
            for (int r = 0; r < 3; r++) {
                Vector3f origin = new Vector3f(-3f, 2f + 0.1f * r, 3f);
                Vector3f direction = new Vector3f(1f, 0f, 0.05f);
                world.scene.queries().ray(origin, direction, 10f, -1, indexed);
                LinearScan.ray(world.scene, origin, direction, 10f, -1, scanned);
                assertTrue(scanned.size() >= 150, "the ray crosses the pile");
                assertEquals(scanned.size(), indexed.size());
                for (int i = 0; i < scanned.size(); i++) {
                    assertEquals(scanned.item(i), indexed.item(i), "item " + i);
                }
            }
        }
    }

    @Test
    void refusedBuildsWaitTwiceAsLongEachTime() throws ReflectiveOperationException {
        try (World world = new World(13L, 500, true, 0f)) {
            for (int i = 0; i <= RayGrid.ALWAYS_LIMIT; i++) {
                world.scene.rootNode().attachObject(world.scene.createItem(0, 0, Aabb.INFINITE));
            }
            world.scene.update();
            world.checkRay("the first ray");
            QueryIndexFields index = new QueryIndexFields(world.scene);
            int wait = (index.intField("builtCount") + 15) / 16;
            int refusals = index.intField("gridRefusals");
            world.castShort(wait);
            assertEquals(refusals + 1, index.intField("gridRefusals"), "a build was tried and refused");
            world.castShort(wait);
            assertEquals(refusals + 1, index.intField("gridRefusals"), "the next waits for twice the rays");
            world.castShort(wait);
            assertEquals(refusals + 2, index.intField("gridRefusals"));
            assertFalse(world.grid.live());
        }
    }

    @Test
    void longRaysAloneBuildNoGrid() throws ReflectiveOperationException {
        try (World world = new World(17L, 800, true, 0f)) {
            QueryResult result = new QueryResult();
            for (int r = 0; r < 2_000; r++) {
                world.scene.queries().ray(new Vector3f(-100f, 0f, 0f), new Vector3f(1f, 0.01f * (r % 7), 0f),
                        Float.POSITIVE_INFINITY, -1, result);
            }
            assertFalse(world.grid.live(), "rays the grid would leave to the tree do not pay for it");
            world.warmUp();
            assertTrue(world.grid.live());
        }
    }

    @Test
    void farFromTheOriginTheTreeAnswers() throws ReflectiveOperationException {
        try (World world = new World(19L, 1_000, false, 3e5f)) {
            world.warmUp();
            for (int r = 0; r < 200; r++) {
                world.checkRay("ray " + r + " far out");
            }
            world.scene.validate();
        }
    }

    private static final class World implements AutoCloseable {
        final Random random;
        final SceneManager scene;
        final RayGrid grid;
        final List<SceneNode> nodes = new ArrayList<>();
        final List<Item> items = new ArrayList<>();
        final QueryResult indexed = new QueryResult(0);
        final QueryResult scanned = new QueryResult();
        /** Only small boxes, every node the root's child: each node's move moves its own item alone. */
        final boolean plain;
        /** Where the field's center lies on each axis. */
        final float offset;

        World(long seed, int count, boolean plain, float offset) throws ReflectiveOperationException {
            random = new Random(seed);
            this.plain = plain;
            this.offset = offset;
            scene = new SceneManager(SceneConfig.builder().maxNodes(4 * count).maxItems(4 * count).build());
            grid = new QueryIndexFields(scene).grid();
            for (int i = 0; i < count; i++) {
                createItem();
            }
        }

        private float signed(float range) {
            return (random.nextFloat() * 2f - 1f) * range;
        }

        private Aabb randomBox() {
            int kind = plain ? 199 : random.nextInt(200);
            if (kind == 0) {
                return Aabb.INFINITE;
            }
            float size = kind < 4 ? 12f : 0.3f + random.nextFloat();
            return new Aabb(signed(0.5f), signed(0.5f), signed(0.5f), random.nextFloat() * size,
                    random.nextFloat() * size, random.nextFloat() * size);
        }

        private void createItem() {
            SceneNode parent = plain || nodes.isEmpty() || random.nextInt(4) != 0 ? scene.rootNode()
                    : nodes.get(random.nextInt(nodes.size()));
            SceneNode node = parent.createChild().setPosition(offset + signed(FIELD), offset + signed(FIELD),
                    offset + signed(FIELD));
            nodes.add(node);
            Item item = scene.createItem(0, 0, randomBox());
            items.add(item);
            node.attachObject(item);
        }

        private <T> T pick(List<T> list) {
            return list.get(random.nextInt(list.size()));
        }

        /** Casts the rays that pay for a grid (more than the query index needs). */
        void warmUp() throws ReflectiveOperationException {
            for (int r = 0; r < items.size() / 8; r++) {
                checkRay("warm-up ray " + r);
            }
        }

        /** The scene's own ray caster. */
        Object caster() throws ReflectiveOperationException {
            return QueryInternals.caster(scene);
        }

        /** The caster's walk scratch, whose found count tells what the grid found. */
        Object stretch() throws ReflectiveOperationException {
            Field stretch = RayCaster.class.getDeclaredField("stretch");
            stretch.setAccessible(true);
            return stretch.get(caster());
        }

        /** Casts {@code count} short rays through the field. */
        void castShort(int count) {
            QueryResult result = new QueryResult();
            for (int r = 0; r < count; r++) {
                scene.queries().ray(
                        new Vector3f(offset + signed(FIELD), offset + signed(FIELD), offset + signed(FIELD)),
                        new Vector3f(signed(1f), signed(1f), 1f), 4f, -1, result);
            }
        }

        void change() {
            int op = random.nextInt(100);
            if (op < 10) {
                createItem();
            } else if (op < 40) {
                // a nudge, mostly inside the cover
                pick(nodes).translate(signed(0.01f), signed(0.01f), signed(0.01f), Space.PARENT);
            } else if (op < 55) {
                pick(nodes).setPosition(offset + signed(FIELD), offset + signed(FIELD), offset + signed(FIELD));
            } else if (op < 60) {
                pick(nodes).setOrientation(new Quaternionf().rotateXYZ(signed(3f), signed(3f), signed(3f)));
            } else if (op < 68) {
                pick(items).setLocalAabb(randomBox());
            } else if (op < 76 && items.size() > 1) {
                scene.destroyItem(items.remove(random.nextInt(items.size())));
            } else if (op < 80) {
                pick(items).setQueryFlags(random.nextInt(4));
            } else if (op < 84) {
                scene.update();
            } else {
                for (int i = 0; i < 6; i++) {
                    pick(nodes).translate(signed(0.2f), signed(0.2f), signed(0.2f), Space.PARENT);
                }
            }
        }

        void checkRay(String context) throws ReflectiveOperationException {
            Vector3f origin = new Vector3f(offset + signed(FIELD + 8f), offset + signed(FIELD + 8f),
                    offset + signed(FIELD + 8f));
            Vector3f direction = new Vector3f(signed(1f), signed(1f), signed(1f));
            int shape = random.nextInt(6);
            if (shape == 0) {
                direction.setComponent(random.nextInt(3), 0f);
            } else if (shape == 1) {
                direction.set(0f, 0f, 0f).setComponent(random.nextInt(3), random.nextBoolean() ? 1f : -1f);
            }
            if (shape <= 2 && grid.live()) {
                onCellFaces(origin);
            }
            if (direction.lengthSquared() == 0f) {
                direction.set(0f, 1f, 0f);
            }
            float maxDistance = random.nextInt(8) == 0 ? random.nextFloat() * 200f : random.nextFloat() * 12f;
            int mask = random.nextInt(8) == 0 ? 0b10 : -1;
            scene.queries().ray(origin, direction, maxDistance, mask, indexed);
            LinearScan.ray(scene, origin, direction, maxDistance, mask, scanned);
            assertEquals(scanned.size(), indexed.size(), context + ": number of items found");
            for (int i = 0; i < scanned.size(); i++) {
                assertEquals(scanned.item(i), indexed.item(i), context + ": item " + i);
                assertEquals(Float.floatToIntBits(scanned.distance(i)), Float.floatToIntBits(indexed.distance(i)),
                        context + ": distance " + i);
            }
        }

        /** Moves some of the origin's coordinates onto a face between two of the grid's cells. */
        private void onCellFaces(Vector3f origin) throws ReflectiveOperationException {
            float[] min = (float[]) gridField("min").get(grid);
            float side = gridField("side").getFloat(grid);
            for (int axis = 0; axis < 3; axis++) {
                if (random.nextBoolean()) {
                    float at = origin.get(axis);
                    origin.setComponent(axis, min[axis] + (float) Math.floor((at - min[axis]) / side) * side);
                }
            }
        }

        private static Field gridField(String name) throws NoSuchFieldException {
            Field field = RayGrid.class.getDeclaredField(name);
            field.setAccessible(true);
            return field;
        }

        @Override
        public void close() {
            scene.close();
        }
    }
}
