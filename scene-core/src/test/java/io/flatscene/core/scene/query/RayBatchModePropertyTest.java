package io.flatscene.core.scene.query;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.LinearScan;
import io.flatscene.core.scene.QueryInternals;
import io.flatscene.core.scene.QueryResult;
import io.flatscene.core.scene.RayBatch;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.joml.Vector3f;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A ray batch in each {@link RayBatch.Mode} against the {@link LinearScan} oracle, over random scenes under churn
 * (moves, new and destroyed items and nodes), cast by the grid and by the tree, on one, two and three worker threads:
 * {@code ALL} keeps what the scan finds in its order; {@code FIRST} the scan's first hit alone, bit for bit, which
 * among items entered at the same distance (pairs of items share a node, so their boxes are the same) is the one of
 * lower global index; {@code ANY} one of the scan's hits at the scan's distance, or none when the scan finds none.
 * Rays that miss everything and rays of length 0 are among them. The three scenes are made and changed alike, so
 * each mode keeps the same items in each, whatever the worker count.
 */
class RayBatchModePropertyTest {
    private static final float FIELD = 20f;
    private static final int RAYS = 100;
    private static final RayBatch.Mode[] MODES = RayBatch.Mode.values();

    @Property(tries = 8)
    void everyModeKeepsWhatALinearScanFinds(@ForAll long seed) throws ReflectiveOperationException {
        World[] worlds = {new World(seed, 1), new World(seed, 2), new World(seed, 3)};
        Random random = new Random(seed);
        Counts counts = new Counts();
        try {
            for (int round = 0; round < 12; round++) {
                for (World world : worlds) {
                    world.change(new Random(seed * 31 + round));
                    world.batch.clear();
                }
                for (int r = 0; r < RAYS; r++) {
                    addRandomRay(random, worlds);
                }
                for (RayBatch.Mode mode : MODES) {
                    int[] kept = null;
                    for (World world : worlds) {
                        String where = "seed " + seed + ", round " + round + ", " + mode + ", " + world.workers
                                + " workers";
                        int[] keptHere = world.castAndCheck(mode, where, counts);
                        if (kept == null) {
                            kept = keptHere;
                        } else {
                            for (int r = 0; r < RAYS; r++) {
                                assertEquals(kept[r], keptHere[r], where + ", ray " + r + ": the global index kept "
                                        + "with one worker");
                            }
                        }
                    }
                }
                for (World world : worlds) {
                    counts.gridLive += QueryInternals.index(world.scene).grid.live() ? 1 : 0;
                    world.scene.validate();
                }
            }
        } finally {
            for (World world : worlds) {
                world.close();
            }
        }
        assertTrue(counts.hits > 0 && counts.misses > 0, "some rays hit, some miss: " + counts);
        assertTrue(counts.ties > 0, "some rays enter two items at their nearest distance: " + counts);
        assertTrue(counts.zeroLength > 0, "some rays of length 0 hit: " + counts);
        assertTrue(counts.gridLive > 0, "the grid answered some casts: " + counts);
    }

    /**
     * Adds one random ray to every world's batch: from inside the field or beyond it; along an axis from a point on
     * the unit lattice (where faces are met together), or in any direction; of length 0, short, long or unlimited.
     */
    private static void addRandomRay(Random random, World[] worlds) {
        Vector3f origin = random.nextInt(4) == 0
                ? new Vector3f(random.nextInt(21) - 10, random.nextInt(21) - 10, random.nextInt(21) - 10)
                : new Vector3f(signed(random, 1.5f * FIELD), signed(random, 1.5f * FIELD),
                        signed(random, 1.5f * FIELD));
        Vector3f direction = switch (random.nextInt(4)) {
            case 0 -> new Vector3f(random.nextBoolean() ? 1f : -1f, 0f, 0f);
            case 1 -> new Vector3f(0f, signed(random, 1f), random.nextBoolean() ? 2f : -2f);
            default -> new Vector3f(signed(random, 1f), signed(random, 1f), signed(random, 1f));
        };
        if (direction.lengthSquared() == 0f) {
            direction.set(0f, 0f, 1f);
        }
        float maxDistance = switch (random.nextInt(6)) {
            case 0 -> 0f;
            case 1 -> Float.POSITIVE_INFINITY;
            case 2 -> random.nextFloat() * 60f;
            default -> random.nextFloat() * 6f;
        };
        // the unbounded items, flag 4, are met by every ray they take part in: most rays leave them out
        int mask = switch (random.nextInt(8)) {
            case 0 -> 1;
            case 1 -> 2;
            case 2 -> 0;
            case 3 -> -1;
            default -> ~4;
        };
        for (World world : worlds) {
            world.batch.add(origin, direction, maxDistance, mask);
            world.origins.add(origin);
            world.directions.add(direction);
            world.limits.add(maxDistance);
            world.masks.add(mask);
        }
    }

    private static float signed(Random random, float range) {
        return (random.nextFloat() * 2f - 1f) * range;
    }

    /** What the rays met, across a property's casts, so that it can insist each case came up. */
    private static final class Counts {
        int hits;
        int misses;
        int ties;
        int zeroLength;
        int gridLive;

        @Override
        public String toString() {
            return hits + " hits, " + misses + " misses, " + ties + " ties, " + zeroLength + " hits of length 0, grid "
                    + "live " + gridLive + " times";
        }
    }

    private static final class World implements AutoCloseable {
        final int workers;
        final Random random;
        final SceneManager scene;
        final List<SceneNode> nodes = new ArrayList<>();
        final RayBatch batch = new RayBatch(8);
        final List<Vector3f> origins = new ArrayList<>();
        final List<Vector3f> directions = new ArrayList<>();
        final List<Float> limits = new ArrayList<>();
        final List<Integer> masks = new ArrayList<>();
        final QueryResult scanned = new QueryResult();

        World(long seed, int workers) {
            this.workers = workers;
            random = new Random(seed);
            scene = new SceneManager(SceneConfig.builder().maxNodes(2_048).maxItems(2_048).workerThreads(workers)
                    .build());
            for (int i = 0; i < 400; i++) {
                createNode();
            }
        }

        /**
         * A node on the unit lattice or anywhere in the field, with one item or, one time in three, two of the same
         * box; one item in 80 is unbounded, with its own query flag.
         */
        private void createNode() {
            SceneNode node = scene.rootNode().createChild();
            if (random.nextBoolean()) {
                node.setPosition(random.nextInt(21) - 10, random.nextInt(21) - 10, random.nextInt(21) - 10);
            } else {
                node.setPosition(signed(random, FIELD), signed(random, FIELD), signed(random, FIELD));
            }
            Aabb box = random.nextInt(80) == 0 ? Aabb.INFINITE
                    : new Aabb(0f, 0f, 0f, 0.5f + random.nextInt(3) * 0.25f, 0.5f, 0.25f + random.nextFloat());
            int flags = box == Aabb.INFINITE ? 4 : 1 + random.nextInt(3);
            for (int copies = random.nextInt(3) == 0 ? 2 : 1; copies > 0; copies--) {
                node.attachObject(scene.createItem(0, 0, box).setQueryFlags(flags));
            }
            nodes.add(node);
        }

        /** Moves, destroys and creates some nodes with their items, as {@code change} picks. */
        void change(Random change) {
            origins.clear();
            directions.clear();
            limits.clear();
            masks.clear();
            for (int step = change.nextInt(30); step > 0; step--) {
                int pick = change.nextInt(nodes.size());
                switch (change.nextInt(3)) {
                    case 0 -> nodes.get(pick).setPosition(signed(change, FIELD), signed(change, FIELD),
                            change.nextInt(21) - 10);
                    case 1 -> scene.destroySceneNode(nodes.remove(pick));
                    default -> createNode();
                }
            }
        }

        /**
         * Casts the batch in {@code mode} and holds each ray to the scan.
         *
         * @return by ray, the global index of the item kept by a mode that keeps one, or -1
         */
        int[] castAndCheck(RayBatch.Mode mode, String where, Counts counts) {
            assertSame(batch, scene.queries().rays(batch, mode));
            int[] kept = new int[RAYS];
            for (int r = 0; r < RAYS; r++) {
                String ray = where + ", ray " + r + " from " + origins.get(r) + " along " + directions.get(r)
                        + " up to " + limits.get(r);
                LinearScan.ray(scene, origins.get(r), directions.get(r), limits.get(r), masks.get(r), scanned);
                int found = scanned.size();
                kept[r] = -1;
                if (mode == RayBatch.Mode.ALL) {
                    assertEquals(found, batch.hitCount(r), ray);
                    for (int h = 0; h < found; h++) {
                        assertSame(scanned.item(h), batch.item(r, h), ray + ", hit " + h);
                        assertEquals(scanned.distance(h), batch.distance(r, h), ray + ", hit " + h);
                    }
                    countCases(counts, r, found);
                    continue;
                }
                assertEquals(Math.min(found, 1), batch.hitCount(r), ray);
                if (found == 0) {
                    continue;
                }
                Item item = batch.item(r, 0);
                kept[r] = QueryInternals.globalIndex(item);
                if (mode == RayBatch.Mode.FIRST) {
                    assertSame(scanned.item(0), item, ray + ": the scan's first");
                    assertEquals(scanned.distance(0), batch.distance(r, 0), ray);
                } else {
                    int h = 0;
                    while (h < found && scanned.item(h) != item) {
                        h++;
                    }
                    assertTrue(h < found, ray + ": " + item + " is none of the scan's " + found + " hits");
                    assertEquals(scanned.distance(h), batch.distance(r, 0), ray);
                }
            }
            return kept;
        }

        private void countCases(Counts counts, int r, int found) {
            counts.hits += found > 0 ? 1 : 0;
            counts.misses += found == 0 ? 1 : 0;
            counts.ties += found > 1 && scanned.distance(1) == scanned.distance(0) ? 1 : 0;
            counts.zeroLength += found > 0 && limits.get(r) == 0f ? 1 : 0;
        }

        @Override
        public void close() {
            scene.close();
        }
    }
}
