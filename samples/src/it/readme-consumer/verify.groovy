// The README's first program compiled against the FlatScene artifacts this build installed into target/it-repo, and
// the natives profile brought the four Windows natives jars at the BOM's version.
assert new File(basedir, 'target/classes/FirstScene.class').isFile()
String resolved = new File(basedir, 'target/natives-windows.txt').getText('UTF-8')
for (String module : ['lwjgl', 'lwjgl-opengl', 'lwjgl-glfw', 'lwjgl-stb']) {
    assert resolved.contains("org.lwjgl:${module}:jar:natives-windows:${lwjglVersion}:runtime")
}
