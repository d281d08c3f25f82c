package io.flatscene.samples.jme;

import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.Light;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.Space;
import io.flatscene.render.Material;
import io.flatscene.render.Meshes;
import io.flatscene.render.Renderer;
import java.util.Random;

/**
 * The FlatScene side of the sample: a slowly turning grid of cubes on the ground, a few of them replaced every frame,
 * and two fixed props that meet jME's box (centred at {@link #BOX_CENTRE_Y} above the origin, 3 units wide): a
 * blue bar through it along X, whose middle the box must hide and whose ends stick out, and a yellow bead in front
 * of it (+Z), which must hide the box.
 */
final class CubeField {
    /** Cells along each side of the grid. */
    static final int SIDE = 20;
    /** Cells left empty, so that every replacement has somewhere to go. */
    static final int EMPTY_CELLS = 20;
    /** Cubes replaced per frame. */
    static final int CHURN = 6;
    static final float SPACING = 2f;
    static final float BOX_CENTRE_Y = 3f;
    /** The bar's length along X: its ends reach 4 units each side of the box's centre, the box only 1.5. */
    static final float BAR_LENGTH = 8f;
    static final float BAR_THICKNESS = 0.8f;
    /** The bead's centre in front of the box's front face (at z = 1.5), and its edge. */
    static final float BEAD_Z = 2.5f;
    static final float BEAD_SIZE = 0.8f;

    private final SceneManager scene;
    private final Random random = new Random(18);
    private final int cube;
    private final Aabb cubeBounds;
    private final int[] colours;
    private final SceneNode grid;
    private final SceneNode[] cells = new SceneNode[SIDE * SIDE];
    /** Empty cells, oldest first: a ring, so a cell emptied now is filled again some frames later. */
    private final int[] emptied = new int[SIDE * SIDE];
    private int emptiedHead;
    private int emptiedCount;

    CubeField(SceneManager scene, Renderer renderer) {
        this.scene = scene;
        cube = renderer.meshes().add(Meshes.cube(1f));
        cubeBounds = renderer.meshes().bounds(cube);
        colours = new int[]{renderer.materials().add(Material.color(0.2f, 0.75f, 0.55f)),
                renderer.materials().add(Material.color(0.7f, 0.7f, 0.72f)),
                renderer.materials().add(Material.color(0.95f, 0.55f, 0.15f))};
        grid = scene.rootNode().createChild("grid");
        for (int cell = 0; cell < cells.length; cell++) {
            if (cell % (cells.length / EMPTY_CELLS) == 0) {
                emptied[(emptiedHead + emptiedCount++) % emptied.length] = cell;
            } else {
                fill(cell);
            }
        }
        scene.rootNode().createChild("bar").setPosition(0f, BOX_CENTRE_Y, 0f)
                .setScale(BAR_LENGTH, BAR_THICKNESS, BAR_THICKNESS)
                .attachObject(scene.createItem("bar", cube, renderer.materials().add(Material.color(0.2f, 0.35f, 1f)),
                        cubeBounds));
        scene.rootNode().createChild("bead").setPosition(0f, BOX_CENTRE_Y, BEAD_Z)
                .setScale(BEAD_SIZE, BEAD_SIZE, BEAD_SIZE)
                .attachObject(scene.createItem("bead", cube, renderer.materials().add(Material.color(1f, 0.9f, 0.1f)),
                        cubeBounds));
        Light sun = scene.createLight("sun", Light.Type.DIRECTIONAL);
        scene.rootNode().createChild("sun").yaw(0.5f, Space.LOCAL).pitch(-1f, Space.LOCAL).attachObject(sun);
    }

    /** One frame of churn: the grid turns a little, {@link #CHURN} cubes go and as many come back elsewhere. */
    void churn() {
        grid.yaw(0.003f, Space.LOCAL);
        for (int i = 0; i < CHURN; i++) {
            int cell = random.nextInt(cells.length);
            while (cells[cell] == null) {
                cell = (cell + 1) % cells.length;
            }
            scene.destroySceneNode(cells[cell]);
            cells[cell] = null;
            emptied[(emptiedHead + emptiedCount++) % emptied.length] = cell;
            fill(emptied[emptiedHead]);
            emptiedHead = (emptiedHead + 1) % emptied.length;
            emptiedCount--;
        }
    }

    /** {@return the cubes on the grid now} */
    int cubes() {
        return cells.length - emptiedCount;
    }

    private void fill(int cell) {
        float half = (SIDE - 1) * 0.5f;
        cells[cell] = grid.createChild().setPosition((cell % SIDE - half) * SPACING, 0f, (cell / SIDE - half) * SPACING)
                .attachObject(scene.createItem(cube, colours[random.nextInt(colours.length)], cubeBounds));
    }
}
