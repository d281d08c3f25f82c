package io.flatscene.core.scene;

import io.flatscene.core.config.SceneCapacity;
import io.flatscene.core.container.Index;
import io.flatscene.core.scene.file.FileColumn;
import io.flatscene.core.scene.file.KindFormat;
import io.flatscene.core.scene.file.ObjectRecords;
import io.flatscene.core.scene.file.SceneImage;
import io.flatscene.core.scene.store.LightStore;
import java.util.List;

/** The lights' kind: their store with the {@link LightStore} columns the light pass reads beside it. */
final class LightKind extends ObjectKind<Light> {
    private static final int TYPE = 0;
    private static final int PARAMETERS = 1;
    static final KindFormat FORMAT = new KindFormat("light", "lights", true,
            List.of(FileColumn.oneByte(), FileColumn.floats(LightStore.PARAMETERS)), LightKind::problem);

    final LightStore data;

    LightKind(Context context) {
        super(context, Light.class, FORMAT, SceneCapacity.LIGHTS.key(), context.config().maxLights(),
                context.config().growthPolicy());
        this.data = new LightStore(store.columns());
    }

    Light create(String name, Light.Type type) {
        if (type == null) {
            throw new IllegalArgumentException("light '" + name + "': type must not be null");
        }
        Light light = add(new Light(this, name));
        light.initialize(type);
        return light;
    }

    @Override
    void attached(Light light, SceneNode node) {
        data.attach(light.globalIndex, node == null ? Index.NONE : node.id());
    }

    @Override
    int[] nodeIds() {
        return data.nodeIdArray();
    }

    @Override
    void save(Light light, ObjectRecords records, int row, AssetTables assets) {
        records.bytes(TYPE)[row] = (byte) light.type().ordinal();
        System.arraycopy(data.parameterArray(), LightStore.PARAMETERS * light.globalIndex, records.floats(PARAMETERS),
                LightStore.PARAMETERS * row, LightStore.PARAMETERS);
    }

    @Override
    Light load(ObjectRecords records, int row, String name, AssetTables assets) {
        float[] p = records.floats(PARAMETERS);
        int o = LightStore.PARAMETERS * row;
        return scene.createLight(name, Light.TYPES[records.bytes(TYPE)[row]])
                .setColor(p[o + LightStore.RED], p[o + LightStore.GREEN], p[o + LightStore.BLUE])
                .setRange(p[o + LightStore.RANGE])
                .setSpotAngles(p[o + LightStore.SPOT_INNER], p[o + LightStore.SPOT_OUTER]);
    }

    private static String problem(SceneImage image, ObjectRecords records, int row) {
        byte type = records.bytes(TYPE)[row];
        if (type < 0 || type >= Light.TYPES.length) {
            return "light " + row + " has type " + type + ", outside 0 to " + (Light.TYPES.length - 1);
        }
        return null;
    }
}
