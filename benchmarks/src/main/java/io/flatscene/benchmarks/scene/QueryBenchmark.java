package io.flatscene.benchmarks.scene;

import io.flatscene.benchmarks.peers.JmeQuery;
import io.flatscene.benchmarks.peers.QueryField;
import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.FrameStats;
import io.flatscene.core.scene.LinearScan;
import io.flatscene.core.scene.QueryResult;
import io.flatscene.core.scene.RayBatch;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.util.concurrent.TimeUnit;
import org.joml.Vector3f;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One ray query through {@code items} unit cubes scattered in a cube ({@link QueryField}, the same scene and rays in
 * every system), the rays taken in turn from 1,024: FlatScene's indexed {@code queries().ray} into a reused result
 * ({@code flatscene}); the same query answered by one linear pass over every item's bounds, the way FlatScene answered
 * it before its index ({@code linearScan}, the test-jar's oracle); jME's {@code Node.collideWith(Ray,
 * CollisionResults)} ({@code jme}), which tests each geometry's bound, then the triangles of those the ray enters.
 * {@code thousandRays} is 1,000 of FlatScene's queries per operation, short rays ({@value QueryField#SHORT} units
 * from points inside the field): what a frame of line-of-sight checks or shots costs; {@code thousandCrossingRays} the
 * same with the rays that cross the field; {@code thousandRaysBatched} the 1,000 short rays cast as one
 * {@link RayBatch} (filled in the timing), on the scene's one worker thread or, {@code ...TwoWorkers}, on two;
 * {@code thousandCrossingRaysBatched} the 1,000 crossing rays cast as one batch in each {@link RayBatch.Mode}
 * ({@code mode}): every hit, the nearest alone (a shot), or any one (a line of sight). The scene is still, so no query
 * has bounds to bring up to date.
 *
 * <p>The {@code moving...} rows (100k items) walk every item around a small circle each frame
 * ({@link QueryField#orbit}, moved before the timing, once a query built the index): {@code movingUpdate} is the
 * update that follows (transforms, bounds and the index's refit); {@code movingBounds} the bounds pass alone, after
 * the transform pass, and {@code movingRefit} the update after both passes ran, which leaves it the refit (and two
 * passes with nothing to do): the refit against the bounds pass over the same items, in one run. {@code movingSphere}
 * is one sphere query of radius {@value QueryField#SPHERE_RADIUS} (about 1,500 items found, the auxiliary figure
 * {@code hitsPerQuery}) after the frame's update. jME's rows do the same: {@code jmeMovingUpdate} is its
 * {@code updateGeometricState} after the moves, and {@code jmeMovingSphere} {@code collideWith} a bounding sphere
 * (which goes on to the triangles of each cube it meets).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class QueryBenchmark {
    private static final int THOUSAND = 1_000;

    @State(Scope.Benchmark)
    public abstract static class Field {
        @Param({"20000", "100000", "1000000"})
        public int items;

        int next;

        int nextRay() {
            next = (next + 1) & (QueryField.RAYS - 1);
            return next;
        }
    }

    public static class Flat extends Field {
        SceneManager scene;
        Vector3f[] origins;
        Vector3f[] directions;
        Vector3f[] shortOrigins;
        Vector3f[] shortDirections;
        float maxDistance;
        final QueryResult result = new QueryResult();
        final QueryResult scanned = new QueryResult();
        final RayBatch batch = new RayBatch(THOUSAND);

        int workers() {
            return 1;
        }

        @Setup(Level.Trial)
        public void setUp() {
            QueryField field = new QueryField(items);
            scene = new SceneManager(SceneConfig.builder().maxNodes(items + 1).maxItems(items)
                    .workerThreads(workers()).build());
            float h = QueryField.HALF_EXTENT;
            Aabb cube = new Aabb(0f, 0f, 0f, h, h, h);
            SceneNode root = scene.rootNode();
            for (int i = 0; i < items; i++) {
                root.createChild().setPosition(field.centers[i * 3], field.centers[i * 3 + 1], field.centers[i * 3 + 2])
                        .attachObject(scene.createItem(0, 0, cube));
            }
            origins = new Vector3f[QueryField.RAYS];
            directions = new Vector3f[QueryField.RAYS];
            for (int r = 0; r < QueryField.RAYS; r++) {
                int o = r * 6;
                origins[r] = new Vector3f(field.rays[o], field.rays[o + 1], field.rays[o + 2]);
                directions[r] = new Vector3f(field.rays[o + 3], field.rays[o + 4], field.rays[o + 5]);
            }
            shortOrigins = new Vector3f[QueryField.RAYS];
            shortDirections = new Vector3f[QueryField.RAYS];
            for (int r = 0; r < QueryField.RAYS; r++) {
                int o = r * 6;
                shortOrigins[r] = new Vector3f(field.shortRays[o], field.shortRays[o + 1], field.shortRays[o + 2]);
                shortDirections[r] = new Vector3f(field.shortRays[o + 3], field.shortRays[o + 4],
                        field.shortRays[o + 5]);
            }
            maxDistance = QueryField.maxDistance(items);
            // the index and the scan must agree, and the rays must hit something, or the figures compare nothing
            long hits = 0;
            for (int r = 0; r < QueryField.RAYS; r += 16) {
                int indexed = scene.queries().ray(origins[r], directions[r], maxDistance, -1, result).size();
                int linear = LinearScan.ray(scene, origins[r], directions[r], maxDistance, -1, scanned).size();
                if (indexed != linear) {
                    throw new IllegalStateException("ray " + r + ": the index found " + indexed + " items, the scan "
                            + linear);
                }
                hits += indexed;
            }
            if (hits == 0) {
                throw new IllegalStateException("no ray hit anything");
            }
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            scene.close();
        }
    }

    /** The same scene and rays, the scene with two worker threads for {@link #thousandRaysBatchedTwoWorkers}. */
    public static class FlatTwoWorkers extends Flat {
        @Override
        int workers() {
            return 2;
        }
    }

    /** The same scene and rays, cast as a batch in each mode by {@link #thousandCrossingRaysBatched}. */
    public static class FlatModes extends Flat {
        @Param({"ALL", "FIRST", "ANY"})
        public RayBatch.Mode mode;
    }

    /** The moving field: every item moved each frame, before the timing, then what the row needs run. */
    @State(Scope.Benchmark)
    public abstract static class Moving {
        @Param({"100000"})
        public int items;

        QueryField field;
        int frame;
        final float[] at = new float[3];

        /** The next frame: every item moved, then what the timed call expects done. */
        @Setup(Level.Invocation)
        public void nextFrame() {
            frame++;
            move();
            prepare();
        }

        abstract void move();

        abstract void prepare();
    }

    public abstract static class FlatMoving extends Moving {
        @Param({"1", "2"})
        public int workers;

        SceneManager scene;
        SceneNode[] nodes;
        Vector3f[] centers;
        final QueryResult result = new QueryResult();
        final QueryResult scanned = new QueryResult();

        @Setup(Level.Trial)
        public void setUp() {
            field = new QueryField(items);
            scene = new SceneManager(SceneConfig.builder().maxNodes(items + 1).maxItems(items)
                    .workerThreads(workers).build());
            float h = QueryField.HALF_EXTENT;
            Aabb cube = new Aabb(0f, 0f, 0f, h, h, h);
            nodes = new SceneNode[items];
            for (int i = 0; i < items; i++) {
                nodes[i] = scene.rootNode().createChild()
                        .setPosition(field.centers[i * 3], field.centers[i * 3 + 1], field.centers[i * 3 + 2]);
                nodes[i].attachObject(scene.createItem(0, 0, cube));
            }
            centers = new Vector3f[QueryField.SPHERES];
            for (int s = 0; s < centers.length; s++) {
                centers[s] = new Vector3f(field.sphereCenters[s * 3], field.sphereCenters[s * 3 + 1],
                        field.sphereCenters[s * 3 + 2]);
            }
            // the first query builds the index, which each update then refits; it must agree with the scan
            for (int s = 0; s < centers.length; s++) {
                int indexed = scene.queries().sphere(centers[s], QueryField.SPHERE_RADIUS, -1, result).size();
                int linear = LinearScan.sphere(scene, centers[s], QueryField.SPHERE_RADIUS, -1, scanned).size();
                if (indexed != linear || indexed == 0) {
                    throw new IllegalStateException("sphere " + s + ": the index found " + indexed + " items, the "
                            + "scan " + linear);
                }
            }
        }

        @Override
        void move() {
            for (int i = 0; i < nodes.length; i++) {
                field.orbit(i, frame, at);
                nodes[i].setPosition(at[0], at[1], at[2]);
            }
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            scene.close();
        }
    }

    /** Nothing run after the moves: the timed update does it all. */
    public static class MovingUpdate extends FlatMoving {
        @Override
        void prepare() {
        }
    }

    /** The transform pass run after the moves: the timed call is the bounds pass. */
    public static class MovingBounds extends FlatMoving {
        @Override
        void prepare() {
            scene.updateAllTransforms();
        }
    }

    /** Both passes run after the moves: the timed update is left the refit of the index. */
    public static class MovingRefit extends FlatMoving {
        @Override
        void prepare() {
            scene.updateAllTransforms();
            scene.updateAllBounds();
        }
    }

    /** The frame's update run after the moves: the timed queries find the index refitted. */
    public static class MovingQueries extends FlatMoving {
        @Override
        void prepare() {
            scene.update();
        }
    }

    public static class JmeMoving extends Moving {
        JmeQuery query;

        @Setup(Level.Trial)
        public void setUp() {
            field = new QueryField(items);
            query = new JmeQuery(field, items);
        }

        @Override
        void move() {
            query.move(frame);
        }

        @Override
        void prepare() {
        }
    }

    /** The moving field's update run after the moves: the timed queries search it. */
    public static class JmeMovingQueries extends JmeMoving {
        @Override
        void prepare() {
            query.updateGeometricState();
        }
    }

    /** The items one sphere query found, set by each call of {@code movingSphere}. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class SphereHits {
        public double hitsPerQuery;
    }

    public static class Jme extends Field {
        JmeQuery query;

        @Setup(Level.Trial)
        public void setUp() {
            query = new JmeQuery(new QueryField(items), items);
        }
    }

    @Benchmark
    public int flatscene(Flat state) {
        int r = state.nextRay();
        return state.scene.queries().ray(state.origins[r], state.directions[r], state.maxDistance, -1, state.result)
                .size();
    }

    @Benchmark
    public int linearScan(Flat state) {
        int r = state.nextRay();
        return LinearScan.ray(state.scene, state.origins[r], state.directions[r], state.maxDistance, -1,
                state.scanned).size();
    }

    @Benchmark
    public int jme(Jme state) {
        return state.query.ray(state.nextRay());
    }

    @Benchmark
    public int thousandRays(Flat state) {
        int hits = 0;
        for (int i = 0; i < THOUSAND; i++) {
            int r = state.nextRay();
            hits += state.scene.queries().ray(state.shortOrigins[r], state.shortDirections[r], QueryField.SHORT, -1,
                    state.result).size();
        }
        return hits;
    }

    @Benchmark
    public int thousandRaysBatched(Flat state) {
        return castThousandShortRays(state);
    }

    @Benchmark
    public int thousandRaysBatchedTwoWorkers(FlatTwoWorkers state) {
        return castThousandShortRays(state);
    }

    private static int castThousandShortRays(Flat state) {
        RayBatch batch = state.batch;
        batch.clear();
        for (int i = 0; i < THOUSAND; i++) {
            int r = state.nextRay();
            batch.add(state.shortOrigins[r], state.shortDirections[r], QueryField.SHORT, -1);
        }
        state.scene.queries().rays(batch);
        int hits = 0;
        for (int i = 0; i < THOUSAND; i++) {
            hits += batch.hitCount(i);
        }
        return hits;
    }

    @Benchmark
    public int thousandCrossingRaysBatched(FlatModes state) {
        RayBatch batch = state.batch;
        batch.clear();
        for (int i = 0; i < THOUSAND; i++) {
            int r = state.nextRay();
            batch.add(state.origins[r], state.directions[r], state.maxDistance, -1);
        }
        state.scene.queries().rays(batch, state.mode);
        int hits = 0;
        for (int i = 0; i < THOUSAND; i++) {
            hits += batch.hitCount(i);
        }
        return hits;
    }

    @Benchmark
    public int thousandCrossingRays(Flat state) {
        int hits = 0;
        for (int i = 0; i < THOUSAND; i++) {
            int r = state.nextRay();
            hits += state.scene.queries().ray(state.origins[r], state.directions[r], state.maxDistance, -1,
                    state.result).size();
        }
        return hits;
    }

    @Benchmark
    public FrameStats movingUpdate(MovingUpdate state) {
        return state.scene.update();
    }

    @Benchmark
    public void movingBounds(MovingBounds state) {
        state.scene.updateAllBounds();
    }

    @Benchmark
    public FrameStats movingRefit(MovingRefit state) {
        return state.scene.update();
    }

    @Benchmark
    @OperationsPerInvocation(QueryField.SPHERES)
    public int movingSphere(MovingQueries state, SphereHits hits) {
        int found = 0;
        for (int s = 0; s < QueryField.SPHERES; s++) {
            found += state.scene.queries().sphere(state.centers[s], QueryField.SPHERE_RADIUS, -1, state.result)
                    .size();
        }
        hits.hitsPerQuery = (double) found / QueryField.SPHERES;
        return found;
    }

    @Benchmark
    public void jmeMovingUpdate(JmeMoving state) {
        state.query.updateGeometricState();
    }

    @Benchmark
    @OperationsPerInvocation(QueryField.SPHERES)
    public int jmeMovingSphere(JmeMovingQueries state) {
        int found = 0;
        for (int s = 0; s < QueryField.SPHERES; s++) {
            found += state.query.sphere(s);
        }
        return found;
    }
}
