package io.flatscene.core.scene;

import io.flatscene.core.config.SceneCapacity;
import io.flatscene.core.scene.file.FileColumn;
import io.flatscene.core.scene.file.KindFormat;
import io.flatscene.core.scene.file.ObjectRecords;
import io.flatscene.core.scene.file.SceneImage;
import java.util.List;

/** The cameras' kind: few objects, whose parameters live in the camera objects themselves. */
final class CameraKind extends ObjectKind<Camera> {
    private static final int PROJECTION = 0;
    private static final int PARAMETERS = 1;
    private static final int INTS = 2;
    /** Field of view (perspective) or view height (orthographic), near, far, fixed aspect ratio or NaN. */
    private static final int PARAMETER_COUNT = 4;
    /** Viewport width and height, visibility mask. */
    private static final int INT_COUNT = 3;
    private static final Camera.Projection[] PROJECTIONS = Camera.Projection.values();
    static final KindFormat FORMAT = new KindFormat("camera", "cameras", true, List.of(FileColumn.oneByte(),
            FileColumn.floats(PARAMETER_COUNT), FileColumn.ints(INT_COUNT)), CameraKind::problem);

    CameraKind(Context context) {
        super(context, Camera.class, FORMAT, SceneCapacity.CAMERAS.key(), context.config().maxCameras(),
                context.config().growthPolicy());
    }

    Camera create(String name) {
        return add(new Camera(this, name));
    }

    @Override
    void save(Camera camera, ObjectRecords records, int row, AssetTables assets) {
        boolean perspective = camera.projection() == Camera.Projection.PERSPECTIVE;
        records.bytes(PROJECTION)[row] = (byte) camera.projection().ordinal();
        float[] p = records.floats(PARAMETERS);
        int o = PARAMETER_COUNT * row;
        p[o] = perspective ? camera.fovY() : camera.orthographicHeight();
        p[o + 1] = camera.near();
        p[o + 2] = camera.far();
        p[o + 3] = camera.isAspectRatioFixed() ? camera.aspectRatio() : Float.NaN;
        int[] ints = records.ints(INTS);
        int k = INT_COUNT * row;
        ints[k] = camera.viewportWidth();
        ints[k + 1] = camera.viewportHeight();
        ints[k + 2] = camera.visibilityMask();
    }

    @Override
    Camera load(ObjectRecords records, int row, String name, AssetTables assets) {
        float[] p = records.floats(PARAMETERS);
        int o = PARAMETER_COUNT * row;
        int[] ints = records.ints(INTS);
        int k = INT_COUNT * row;
        Camera camera = scene.createCamera(name).setViewport(ints[k], ints[k + 1]);
        if (!Float.isNaN(p[o + 3])) {
            camera.setAspectRatio(p[o + 3]);
        }
        if (records.bytes(PROJECTION)[row] == Camera.Projection.PERSPECTIVE.ordinal()) {
            camera.setPerspective(p[o], p[o + 1], p[o + 2]);
        } else {
            camera.setOrthographic(p[o], p[o + 1], p[o + 2]);
        }
        return camera.setVisibilityMask(ints[k + 2]);
    }

    private static String problem(SceneImage image, ObjectRecords records, int row) {
        byte projection = records.bytes(PROJECTION)[row];
        if (projection < 0 || projection >= PROJECTIONS.length) {
            return "camera " + row + " has projection " + projection + ", outside 0 to " + (PROJECTIONS.length - 1);
        }
        return null;
    }
}
