package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.scene.file.KindFormat;
import io.flatscene.core.scene.store.TransformStore;
import java.util.ArrayList;
import java.util.List;

/**
 * A scene's table of the kinds of movable object: items, lights and cameras, which the public API names, then any
 * kind declared beside them. Every operation that concerns all objects (validation, saving, loading, closing) runs
 * over this table, so a kind is declared once and needs no line in the scene, its nodes or the scene-file codec.
 */
final class ObjectKinds {
    /** The kinds every scene has, in the order format version 1 counts them. */
    private static final List<ObjectKind.Declaration> BUILT_IN = List.of(
            new ObjectKind.Declaration(ItemKind.FORMAT, ItemKind::new),
            new ObjectKind.Declaration(LightKind.FORMAT, LightKind::new),
            new ObjectKind.Declaration(CameraKind.FORMAT, CameraKind::new));

    private final ItemKind items;
    private final LightKind lights;
    private final CameraKind cameras;
    private final List<ObjectKind<?>> all;

    ObjectKinds(SceneManager scene, SceneConfig config, List<ObjectKind.Declaration> declared) {
        List<ObjectKind<?>> kinds = new ArrayList<>();
        for (ObjectKind.Declaration declaration : declarations(declared)) {
            kinds.add(declaration.build(new ObjectKind.Context(scene, config, kinds.size())));
        }
        this.all = List.copyOf(kinds);
        this.items = get(ItemKind.class);
        this.lights = get(LightKind.class);
        this.cameras = get(CameraKind.class);
    }

    ItemKind items() {
        return items;
    }

    LightKind lights() {
        return lights;
    }

    CameraKind cameras() {
        return cameras;
    }

    /** {@return every kind, in table order: the order of the scene file's object sections} */
    List<ObjectKind<?>> all() {
        return all;
    }

    /** {@return the kind of type {@code type} in this table} */
    <K extends ObjectKind<?>> K get(Class<K> type) {
        for (ObjectKind<?> kind : all) {
            if (type.isInstance(kind)) {
                return type.cast(kind);
            }
        }
        throw new IllegalArgumentException("this scene declares no kind " + type.getSimpleName());
    }

    /** {@return each kind's file format, in table order} */
    List<KindFormat> formats() {
        List<KindFormat> formats = new ArrayList<>(all.size());
        for (ObjectKind<?> kind : all) {
            formats.add(kind.format());
        }
        return formats;
    }

    /** {@return the file formats of a table of the built-in kinds and {@code declared}, before any scene exists} */
    static List<KindFormat> formats(List<ObjectKind.Declaration> declared) {
        List<KindFormat> formats = new ArrayList<>();
        for (ObjectKind.Declaration declaration : declarations(declared)) {
            formats.add(declaration.format());
        }
        return formats;
    }

    private static List<ObjectKind.Declaration> declarations(List<ObjectKind.Declaration> declared) {
        List<ObjectKind.Declaration> declarations = new ArrayList<>(BUILT_IN);
        declarations.addAll(declared);
        return declarations;
    }

    void validate(TransformStore transforms) {
        for (ObjectKind<?> kind : all) {
            kind.validate(transforms);
        }
    }

    void close() {
        for (ObjectKind<?> kind : all) {
            kind.close();
        }
    }
}
