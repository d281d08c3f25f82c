package io.flatscene.render.context;

/** Run in a child JVM pointed at a libEGL that does not exist: prints what HeadlessContext.create throws. */
public final class MissingEglProbe {
    private MissingEglProbe() {
    }

    public static void main(String[] args) {
        try {
            HeadlessContext.create().close();
            System.out.println("created a context");
        } catch (ContextException e) {
            System.out.println(e.getMessage());
        }
    }
}
