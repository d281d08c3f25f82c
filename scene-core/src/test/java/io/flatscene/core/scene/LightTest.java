package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.HandleTable;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Light}'s setters: each value reads back through the light's getters and reaches the light list a cull
 * produces; a bad value is refused with an {@link IllegalArgumentException} naming the light and the rule, and leaves
 * the light as it was; a destroyed light refuses every setter and getter.
 */
class LightTest {
    private static final String COLOR_RULE = "must be finite and >= 0";
    private static final String RANGE_RULE = "must be finite and > 0";
    private static final String SPOT_RULE = "must satisfy 0 <= inner <= outer < pi/2";
    private static final String TYPE_RULE = "type must not be null";
    /** The largest float below pi/2: the widest cone setSpotAngles accepts. */
    private static final float WIDEST = Math.nextDown((float) Math.PI / 2);

    private SceneManager scene;
    private Camera eye;
    private Light lamp;
    private final RenderQueue queue = new RenderQueue();

    @BeforeEach
    void buildScene() {
        scene = new SceneManager(SceneConfig.builder().maxNodes(8).maxItems(2).maxLights(4).maxCameras(2)
                .workerThreads(1).build());
        eye = scene.createCamera("eye");
        scene.rootNode().createChild("eye").attachObject(eye);
        lamp = scene.createLight("lamp", Light.Type.SPOT);
        scene.rootNode().createChild("lampNode").setPosition(3f, 4f, 0f).attachObject(lamp);
    }

    @AfterEach
    void closeScene() {
        scene.close();
    }

    // ---- each setter's effect ----

    @Test
    void aNewLightHasTheDocumentedDefaults() {
        assertState(lamp, Light.Type.SPOT, 1f, 1f, 1f, 100f, (float) Math.toRadians(30), (float) Math.toRadians(40));
        RenderQueue culled = cull();
        assertEquals(1, culled.lightCount());
        // with a delta, so that a -0 component (the direction negates the node's +Z axis) equals 0
        assertVector(3f, 4f, 0f, culled.getLightPosition(0, new Vector3f()));
        assertVector(0f, 0f, -1f, culled.getLightDirection(0, new Vector3f()));
        assertEquals(25f, culled.lightDistanceSquared(0), 1e-5f);
        assertQueued(culled, lamp);
    }

    @Test
    void setColorIsReadBackAndCulled() {
        assertSame(lamp, lamp.setColor(0.25f, 2f, 0f));
        assertState(lamp, Light.Type.SPOT, 0.25f, 2f, 0f, 100f, (float) Math.toRadians(30),
                (float) Math.toRadians(40));
        assertQueued(cull(), lamp);
        lamp.setColor(0f, 0f, 0f);
        assertQueued(cull(), lamp);
        assertEquals(new Vector3f(0f, 0f, 0f), queue.getLightColor(0, new Vector3f()));
    }

    @Test
    void everyFiniteNonNegativeComponentIsAColor() {
        // the rule is per component: three finite components are a color even where their sum would overflow
        lamp.setColor(Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE);
        assertState(lamp, Light.Type.SPOT, Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE, 100f,
                (float) Math.toRadians(30), (float) Math.toRadians(40));
        lamp.setColor(-0f, Float.MIN_VALUE, 1e30f);
        assertEquals(Float.MIN_VALUE, lamp.green());
        assertEquals(1e30f, lamp.blue());
        assertQueued(cull(), lamp);
    }

    @Test
    void setRangeIsReadBackAndCulled() {
        assertSame(lamp, lamp.setRange(0.25f));
        assertEquals(0.25f, lamp.range());
        assertQueued(cull(), lamp);
        lamp.setRange(Float.MIN_VALUE);
        assertEquals(Float.MIN_VALUE, lamp.range());
        lamp.setRange(Float.MAX_VALUE);
        assertEquals(Float.MAX_VALUE, lamp.range());
        assertQueued(cull(), lamp);
        assertState(lamp, Light.Type.SPOT, 1f, 1f, 1f, Float.MAX_VALUE, (float) Math.toRadians(30),
                (float) Math.toRadians(40));
    }

    @Test
    void setSpotAnglesIsReadBackAndCulled() {
        assertSame(lamp, lamp.setSpotAngles(0.1f, 0.2f));
        assertEquals(0.1f, lamp.spotInnerAngle());
        assertEquals(0.2f, lamp.spotOuterAngle());
        assertQueued(cull(), lamp);
        lamp.setSpotAngles(0f, 0f);
        assertQueued(cull(), lamp);
        lamp.setSpotAngles(0.5f, 0.5f);
        assertQueued(cull(), lamp);
        lamp.setSpotAngles(WIDEST, WIDEST);
        assertState(lamp, Light.Type.SPOT, 1f, 1f, 1f, 100f, WIDEST, WIDEST);
        assertQueued(cull(), lamp);
    }

    @Test
    void setTypeIsReadBackAndCulled() {
        for (Light.Type type : Light.Type.values()) {
            assertSame(lamp, lamp.setType(type));
            assertSame(type, lamp.type());
            assertQueued(cull(), lamp);
        }
    }

    @Test
    void eachLightKeepsItsOwnValues() {
        Light other = scene.createLight("other", Light.Type.POINT);
        scene.rootNode().createChild("otherNode").attachObject(other);
        lamp.setColor(0.5f, 0.25f, 0.125f).setRange(9f).setSpotAngles(0.3f, 0.4f);
        other.setColor(3f, 2f, 1f).setRange(0.5f).setSpotAngles(0f, 1f);
        assertState(lamp, Light.Type.SPOT, 0.5f, 0.25f, 0.125f, 9f, 0.3f, 0.4f);
        assertState(other, Light.Type.POINT, 3f, 2f, 1f, 0.5f, 0f, 1f);
        RenderQueue culled = cull();
        assertEquals(2, culled.lightCount());
        // the light list is in global index order: lamp was created first
        assertQueued(culled, 0, lamp);
        assertQueued(culled, 1, other);
    }

    // ---- bad values ----

    static Stream<Arguments> badValues() {
        float nan = Float.NaN;
        float inf = Float.POSITIVE_INFINITY;
        float halfPi = (float) Math.PI / 2;
        return Stream.of(
                bad("color red < 0", l -> l.setColor(-0.1f, 1f, 1f), "color (-0.1, 1.0, 1.0) " + COLOR_RULE),
                bad("color green < 0", l -> l.setColor(1f, -1f, 1f), "color (1.0, -1.0, 1.0) " + COLOR_RULE),
                bad("color blue < 0", l -> l.setColor(1f, 1f, -Float.MIN_VALUE), COLOR_RULE),
                bad("color red NaN", l -> l.setColor(nan, 1f, 1f), "color (NaN, 1.0, 1.0) " + COLOR_RULE),
                bad("color green NaN", l -> l.setColor(1f, nan, 1f), COLOR_RULE),
                bad("color blue NaN", l -> l.setColor(1f, 1f, nan), COLOR_RULE),
                bad("color red infinite", l -> l.setColor(inf, 1f, 1f), "color (Infinity, 1.0, 1.0) " + COLOR_RULE),
                bad("color green infinite", l -> l.setColor(1f, inf, 1f), COLOR_RULE),
                bad("color blue infinite", l -> l.setColor(1f, 1f, inf), COLOR_RULE),
                bad("range 0", l -> l.setRange(0f), "range 0.0 " + RANGE_RULE),
                bad("range -0", l -> l.setRange(-0f), RANGE_RULE),
                bad("range < 0", l -> l.setRange(-5f), "range -5.0 " + RANGE_RULE),
                bad("range NaN", l -> l.setRange(nan), "range NaN " + RANGE_RULE),
                bad("range infinite", l -> l.setRange(inf), "range Infinity " + RANGE_RULE),
                bad("range -infinite", l -> l.setRange(Float.NEGATIVE_INFINITY), RANGE_RULE),
                bad("spot inner < 0", l -> l.setSpotAngles(-0.1f, 0.5f), "spot angles -0.1, 0.5 " + SPOT_RULE),
                bad("spot inner > outer", l -> l.setSpotAngles(0.6f, 0.5f), "spot angles 0.6, 0.5 " + SPOT_RULE),
                bad("spot outer pi/2", l -> l.setSpotAngles(0.1f, halfPi), SPOT_RULE),
                bad("spot outer > pi/2", l -> l.setSpotAngles(0.1f, 2f), SPOT_RULE),
                bad("spot both pi/2", l -> l.setSpotAngles(halfPi, halfPi), SPOT_RULE),
                bad("spot inner NaN", l -> l.setSpotAngles(nan, 0.5f), SPOT_RULE),
                bad("spot outer NaN", l -> l.setSpotAngles(0.1f, nan), SPOT_RULE),
                bad("spot outer infinite", l -> l.setSpotAngles(0.1f, inf), SPOT_RULE),
                bad("type null", l -> l.setType(null), TYPE_RULE));
    }

    private static Arguments bad(String name, Consumer<Light> call, String rule) {
        return Arguments.of(name, call, rule);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badValues")
    void aBadValueIsRefusedNamingTheLightAndLeavesItUnchanged(String name, Consumer<Light> call, String rule) {
        lamp.setType(Light.Type.POINT).setColor(0.5f, 0.25f, 0.125f).setRange(7f).setSpotAngles(0.3f, 0.6f);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> call.accept(lamp));
        assertTrue(e.getMessage().startsWith(named(lamp) + ": "), e.getMessage());
        assertTrue(e.getMessage().endsWith(rule), e.getMessage());
        assertState(lamp, Light.Type.POINT, 0.5f, 0.25f, 0.125f, 7f, 0.3f, 0.6f);
        assertQueued(cull(), lamp);
    }

    // ---- a destroyed light ----

    @Test
    void aDestroyedLightRefusesEverySetterAndGetter() {
        scene.destroyLight(lamp);
        String dead = named(lamp);
        List<Executable> uses = List.of(() -> lamp.setColor(1f, 0f, 0f), () -> lamp.setRange(5f),
                () -> lamp.setSpotAngles(0.1f, 0.2f), () -> lamp.setType(Light.Type.POINT),
                // a bad value on a destroyed light: being destroyed is reported first
                () -> lamp.setRange(-1f), () -> lamp.setType(null),
                lamp::type, lamp::red, lamp::green, lamp::blue, lamp::range, lamp::spotInnerAngle,
                lamp::spotOuterAngle);
        for (Executable use : uses) {
            IllegalStateException e = assertThrows(IllegalStateException.class, use);
            assertEquals(dead + " was destroyed and cannot be used", e.getMessage());
        }
        assertEquals(0, cull().lightCount());
    }

    @Test
    void aDestroyedLightDoesNotWriteIntoTheLightThatTookItsPlace() {
        lamp.setColor(0.5f, 0.5f, 0.5f).setRange(3f);
        scene.destroyLight(lamp);
        Light next = scene.createLight("next", Light.Type.DIRECTIONAL);
        scene.rootNode().createChild("nextNode").attachObject(next);
        assertThrows(IllegalStateException.class, () -> lamp.setColor(9f, 9f, 9f));
        assertThrows(IllegalStateException.class, () -> lamp.setRange(9f));
        assertThrows(IllegalStateException.class, () -> lamp.setSpotAngles(0.5f, 0.5f));
        assertThrows(IllegalStateException.class, () -> lamp.setType(Light.Type.SPOT));
        // the new light starts from the defaults, not from what the destroyed one held
        assertState(next, Light.Type.DIRECTIONAL, 1f, 1f, 1f, 100f, (float) Math.toRadians(30),
                (float) Math.toRadians(40));
        RenderQueue culled = cull();
        assertEquals(1, culled.lightCount());
        assertQueued(culled, next);
    }

    // ---- helpers ----

    private RenderQueue cull() {
        scene.update();
        return scene.cull(eye, queue);
    }

    private static void assertState(Light light, Light.Type type, float red, float green, float blue, float range,
                                    float inner, float outer) {
        assertSame(type, light.type());
        assertEquals(red, light.red());
        assertEquals(green, light.green());
        assertEquals(blue, light.blue());
        assertEquals(range, light.range());
        assertEquals(inner, light.spotInnerAngle());
        assertEquals(outer, light.spotOuterAngle());
    }

    private static void assertVector(float x, float y, float z, Vector3f actual) {
        assertEquals(x, actual.x, 1e-6f, actual.toString());
        assertEquals(y, actual.y, 1e-6f, actual.toString());
        assertEquals(z, actual.z, 1e-6f, actual.toString());
    }

    /** The culled list holds {@code light} alone, as its getters read. */
    private static void assertQueued(RenderQueue culled, Light light) {
        assertEquals(1, culled.lightCount());
        assertQueued(culled, 0, light);
    }

    private static void assertQueued(RenderQueue culled, int index, Light light) {
        assertSame(light.type(), culled.lightType(index));
        assertEquals(new Vector3f(light.red(), light.green(), light.blue()),
                culled.getLightColor(index, new Vector3f()));
        assertEquals(light.range(), culled.lightRange(index));
        assertEquals(light.spotInnerAngle(), culled.lightSpotInnerAngle(index));
        assertEquals(light.spotOuterAngle(), culled.lightSpotOuterAngle(index));
    }

    /** The light as messages name it, written independently of the scene's own describe(). */
    private static String named(Light light) {
        long handle = light.handle();
        return "light " + HandleTable.describe(handle) + " '" + light.name() + "'";
    }
}
