// The consumer project is the README's, written here before the build: its pom.xml is the README's complete pom
// (the xml block after the line '<!-- built: samples/src/it/readme-consumer -->'), its one source file the README's
// first Java block, a whole program in the default package.
String text = new File(readme).getText('UTF-8')
def pom = text =~ /(?s)<!-- built: samples\/src\/it\/readme-consumer -->\n```xml\n(.*?)```\n/
assert pom.find() : "README.md has no xml block after '<!-- built: samples/src/it/readme-consumer -->'"
new File(basedir, 'pom.xml').setText(pom.group(1), 'UTF-8')

def java = text =~ /(?s)\n```java\n(.*?)```\n/
assert java.find() : 'README.md has no Java block'
String program = java.group(1)
def name = program =~ /public (?:final )?class (\w+)/
assert name.find() : 'the README\'s first Java block declares no public class'
File sources = new File(basedir, 'src/main/java')
sources.mkdirs()
new File(sources, name.group(1) + '.java').setText(program, 'UTF-8')
