package io.flatscene.samples.libgdx;

import io.flatscene.core.scene.Aabb;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import java.util.Arrays;
import java.util.Random;

/**
 * A square grid of cubes with churn: each frame some cubes are destroyed and as many created in empty cells, and
 * every cube bobs up and down. The cells around the grid's centre stay empty for the landmark.
 */
final class CubeGrid {
    private static final int SIDE = 20;
    private static final float SPACING = 2f;
    /** Cells within this distance of the centre (on both axes) hold no cube. */
    private static final float CLEARING = 3f;
    private static final float BOB_HEIGHT = 0.3f;

    private final SceneManager scene;
    private final int mesh;
    private final Aabb bounds;
    private final int[] materials;
    private final Random random;
    private final SceneNode[] cubeAt;
    /**
     * The usable cells: the first {@link #count} hold a cube, the rest are empty, so that a cube's removal is a swap
     * with the last occupied cell and a creation one with the first empty cell.
     */
    private final int[] cells;
    private int count;
    private long churned;
    private float time;

    /**
     * @param cubes how many cells hold a cube at any time, at most the {@code SIDE * SIDE} cells less the clearing
     */
    CubeGrid(SceneManager scene, int mesh, Aabb bounds, int[] materials, int cubes, long seed) {
        this.scene = scene;
        this.mesh = mesh;
        this.bounds = bounds;
        this.materials = materials.clone();
        this.random = new Random(seed);
        cubeAt = new SceneNode[SIDE * SIDE];
        int usable = 0;
        int[] found = new int[SIDE * SIDE];
        for (int cell = 0; cell < SIDE * SIDE; cell++) {
            if (Math.abs(x(cell)) > CLEARING || Math.abs(z(cell)) > CLEARING) {
                found[usable++] = cell;
            }
        }
        cells = Arrays.copyOf(found, usable);
        if (cubes > usable) {
            throw new IllegalArgumentException(cubes + " cubes do not fit in the grid's " + usable + " cells");
        }
        for (int i = 0; i < cubes; i++) {
            addAt(count + random.nextInt(cells.length - count));
        }
    }

    /** One frame: {@code churn} cubes go, as many come in empty cells, and every cube moves. */
    void update(float seconds, int churn) {
        time += seconds;
        for (int i = 0; i < churn; i++) {
            removeAt(random.nextInt(count));
            addAt(count + random.nextInt(cells.length - count));
        }
        churned += churn;
        for (int i = 0; i < count; i++) {
            int cell = cells[i];
            cubeAt[cell].setPosition(x(cell), BOB_HEIGHT * (float) Math.sin(2f * time + 0.7f * cell), z(cell));
        }
    }

    /** {@return the cubes in the grid now} */
    int cubes() {
        return count;
    }

    /** {@return the cubes destroyed (and replaced) so far} */
    long churned() {
        return churned;
    }

    private void addAt(int index) {
        swap(index, count);
        int cell = cells[count++];
        SceneNode node = scene.rootNode().createChild().setPosition(x(cell), 0f, z(cell));
        node.attachObject(scene.createItem(mesh, materials[random.nextInt(materials.length)], bounds));
        cubeAt[cell] = node;
    }

    private void removeAt(int index) {
        swap(index, --count);
        int cell = cells[count];
        scene.destroySceneNode(cubeAt[cell]);
        cubeAt[cell] = null;
    }

    private void swap(int a, int b) {
        int cell = cells[a];
        cells[a] = cells[b];
        cells[b] = cell;
    }

    private static float x(int cell) {
        return (cell % SIDE - (SIDE - 1) * 0.5f) * SPACING;
    }

    private static float z(int cell) {
        return (cell / SIDE - (SIDE - 1) * 0.5f) * SPACING;
    }
}
