package io.flatscene.samples.asteroids;

import io.flatscene.core.scene.Item;
import io.flatscene.core.scene.Light;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import io.flatscene.core.scene.Space;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * The player's ship as a hierarchy: the ship node, which the autopilot flies, and under it the hull's body, the
 * engine's light, a turret that turns relative to the hull with its barrel and muzzle, and the chase point a
 * camera rides on. Only the ship and the turret node move; everything else follows through its parents.
 */
final class Ship {
    /** The autopilot's loop around the field's middle. */
    private static final float LOOP_RADIUS = 70f;
    private static final float SPEED = 14f;
    private static final float CLIMB = 6f;
    private static final float BANK = 0.25f;
    private static final float TURRET_SWEEP = 1.1f;
    private static final float TURRET_RATE = 1.3f;

    private final SceneNode ship;
    private final SceneNode turret;
    private final SceneNode muzzle;
    private final SceneNode chase;
    private final Quaternionf orientation = new Quaternionf();
    private final Vector3f velocity = new Vector3f();

    Ship(SceneManager scene, Look look) {
        ship = scene.rootNode().createChild("ship");
        part(scene, look, ship.createChild("hull").setScale(1.6f, 0.5f, 3.2f), look.hull());
        part(scene, look, ship.createChild("wings").setPosition(0f, -0.1f, 0.6f).setScale(4.2f, 0.15f, 1.2f),
                look.hull());
        ship.createChild("engine light").setPosition(0f, 0f, 2.4f).attachObject(
                scene.createLight("engine", Light.Type.POINT).setColor(1f, 0.55f, 0.25f).setRange(14f));
        turret = ship.createChild("turret").setPosition(0f, 0.45f, -0.4f);
        part(scene, look, turret.createChild("turret body").setScale(0.7f, 0.35f, 0.7f), look.turret());
        part(scene, look, turret.createChild("barrel").setPosition(0f, 0f, -0.9f).setScale(0.16f, 0.16f, 1.4f),
                look.turret());
        muzzle = turret.createChild("muzzle").setPosition(0f, 0f, -1.7f);
        muzzle.attachObject(scene.createLight("muzzle flash", Light.Type.POINT).setColor(1f, 0.85f, 0.4f)
                .setRange(8f));
        // behind and above, looking a little down: a camera takes this node's place and orientation
        chase = ship.createChild("chase camera").setPosition(0f, 4.5f, 16f).pitch(-0.2f, Space.LOCAL);
    }

    private static void part(SceneManager scene, Look look, SceneNode node, int material) {
        Item item = scene.createItem(look.box(), material, look.boxBounds());
        item.setQueryFlags(QueryBits.SHIP);
        node.attachObject(item);
    }

    SceneNode chase() {
        return chase;
    }

    /**
     * Flies the autopilot to where it is {@code time} seconds in: a loop with a gentle climb and dive, banked into
     * the turn, the turret sweeping from side to side. StrictMath, and the quaternions written out rather than left
     * to a library's sine: the same bits on every machine, so the game is the same game everywhere.
     */
    void fly(double time) {
        double angle = time * SPEED / LOOP_RADIUS;
        float sin = (float) StrictMath.sin(angle);
        float cos = (float) StrictMath.cos(angle);
        float climb = (float) StrictMath.sin(angle * 3);
        ship.setPosition(LOOP_RADIUS * sin, CLIMB * climb, LOOP_RADIUS * cos);
        velocity.set(SPEED * cos, CLIMB * 3 * SPEED / LOOP_RADIUS * (float) StrictMath.cos(angle * 3), -SPEED * sin);
        // the node looks along -Z: a yaw of angle - 90 degrees turns that onto the loop's tangent; then the bank
        double yaw = (angle - Math.PI / 2) / 2;
        float sinYaw = (float) StrictMath.sin(yaw);
        float cosYaw = (float) StrictMath.cos(yaw);
        float sinBank = (float) StrictMath.sin(BANK / 2);
        float cosBank = (float) StrictMath.cos(BANK / 2);
        ship.setOrientation(sinYaw * sinBank, sinYaw * cosBank, cosYaw * sinBank, cosYaw * cosBank);
        double turn = TURRET_SWEEP * StrictMath.sin(time * TURRET_RATE) / 2;
        turret.setOrientation(0f, (float) StrictMath.sin(turn), 0f, (float) StrictMath.cos(turn));
    }

    /** Where a bullet leaves the barrel, and the direction it flies: read from the scene's current world transforms. */
    void muzzle(Vector3f position, Vector3f direction) {
        muzzle.getWorldPosition(position);
        turret.getWorldOrientation(orientation).transform(direction.set(0f, 0f, -1f));
    }

    /** The ship's velocity in units a second, as {@link #fly} last set it. */
    Vector3f velocity() {
        return velocity;
    }
}
