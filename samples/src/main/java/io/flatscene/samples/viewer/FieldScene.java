package io.flatscene.samples.viewer;

import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.Light;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.Space;
import io.flatscene.render.Meshes;
import io.flatscene.render.Renderer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A field of {@code count} items in spinning clusters, with a steady churn: every second a twentieth of the items
 * are queued for destruction (the deferred destruction list) and as many new ones created. Creation is an append
 * and destruction a swap-and-pop, so the frame time stays flat however long it runs.
 */
final class FieldScene implements DemoScene {
    private static final int ITEMS_PER_CLUSTER = 400;
    private static final float CHURN_PER_SECOND = 0.05f;

    private final int count;
    private final Random random = new Random(7);
    /** The items alive, for picking random ones to destroy: swap-and-pop like the scene itself. */
    private final List<Item> live = new ArrayList<>();
    private final List<SceneNode> clusters = new ArrayList<>();
    private float[] spin;
    private SceneManager scene;
    private int[] meshes;
    private int firstMaterial;
    private Renderer renderer;
    private float spacing;
    private double churnDebt;
    private int churnedLastSecond;
    private int churnedThisSecond;
    private double secondStarted;

    FieldScene(int count) {
        this.count = count;
    }

    @Override
    public void build(Renderer renderer, SceneManager scene, CameraRig rig) {
        this.renderer = renderer;
        this.scene = scene;
        meshes = new int[]{renderer.meshes().add(Meshes.cube(1f)), renderer.meshes().add(Meshes.sphere(0.6f, 12, 6))};
        firstMaterial = Palette.register(renderer);
        int clusterCount = Math.max(1, (count + ITEMS_PER_CLUSTER - 1) / ITEMS_PER_CLUSTER);
        int side = (int) Math.ceil(Math.sqrt(clusterCount));
        spacing = 14f;
        spin = new float[clusterCount];
        SceneNode field = scene.rootNode().createChild("field");
        for (int c = 0; c < clusterCount; c++) {
            float x = (c % side - side / 2f) * spacing;
            float z = (c / side - side / 2f) * spacing;
            clusters.add(field.createChild("cluster " + c).setPosition(x, 0, z));
            spin[c] = (random.nextFloat() - 0.5f) * 1.5f;
        }
        for (int i = 0; i < count; i++) {
            spawn();
        }
        Light sun = scene.createLight("sun", Light.Type.DIRECTIONAL).setColor(0.9f, 0.88f, 0.8f);
        scene.rootNode().createChild("sun").yaw(0.7f, Space.LOCAL).pitch(-0.9f, Space.LOCAL).attachObject(sun);
        float extent = side * spacing;
        rig.orbit(0f, 0f, 0f, Math.max(30f, extent * 0.45f), 0.3f, 0.55f);
    }

    private void spawn() {
        SceneNode cluster = clusters.get(random.nextInt(clusters.size()));
        float radius = spacing * 0.45f;
        int mesh = meshes[random.nextInt(meshes.length)];
        float size = 0.3f + random.nextFloat() * 0.5f;
        SceneNode node = cluster.createChild().setPosition((random.nextFloat() * 2 - 1) * radius,
                random.nextFloat() * 3f, (random.nextFloat() * 2 - 1) * radius).setScale(size, size, size);
        Item item = scene.createItem(mesh, firstMaterial + random.nextInt(Palette.SIZE),
                renderer.meshes().bounds(mesh));
        node.attachObject(item);
        live.add(item);
    }

    /**
     * Queues a random live item's node for the frame's processPendingDestruction, which takes the item along (the
     * default destroy mode destroys what hangs on a node with it).
     */
    private void queueDestruction() {
        int at = random.nextInt(live.size());
        Item item = live.get(at);
        live.set(at, live.get(live.size() - 1));
        live.remove(live.size() - 1);
        scene.destroyLater(item.parentNode());
    }

    @Override
    public void update(double time, double dt) {
        for (int c = 0; c < clusters.size(); c++) {
            clusters.get(c).yaw((float) (spin[c] * dt), Space.LOCAL);
        }
        churnDebt += count * CHURN_PER_SECOND * dt;
        int churn = (int) Math.min(churnDebt, live.size());
        // what could not be churned (too few items left) is forgiven, not saved up for the next burst
        churnDebt = Math.min(churnDebt - churn, live.size());
        for (int i = 0; i < churn; i++) {
            queueDestruction();
        }
        scene.processPendingDestruction();
        for (int i = 0; i < churn; i++) {
            spawn();
        }
        churnedThisSecond += churn;
        if (time - secondStarted >= 1.0) {
            churnedLastSecond = churnedThisSecond;
            churnedThisSecond = 0;
            secondStarted = time;
        }
    }

    @Override
    public void spawnBurst() {
        for (int i = 0; i < Math.max(1, count / 10); i++) {
            spawn();
        }
    }

    @Override
    public void despawnBurst() {
        for (int i = Math.min(live.size(), Math.max(1, count / 10)); i > 0; i--) {
            queueDestruction();
        }
        scene.processPendingDestruction();
    }

    @Override
    public String status() {
        return live.size() + " items, " + churnedLastSecond + " destroyed and created in the last second";
    }
}
