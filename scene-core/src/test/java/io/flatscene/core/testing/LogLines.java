package io.flatscene.core.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/** The lines one logger writes while a test runs, whatever level the test configuration lets through. */
public final class LogLines {
    private LogLines() {
    }

    /**
     * Runs {@code body} and returns the formatted messages {@code logger} wrote at {@code level} meanwhile.
     *
     * @param logger the logger's name, usually its class's
     */
    public static List<String> capture(String logger, Level level, Runnable body) {
        List<String> lines = new CopyOnWriteArrayList<>();
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        Configuration configuration = context.getConfiguration();
        AbstractAppender appender = new AbstractAppender("test capture", null, null, true, Property.EMPTY_ARRAY) {
            @Override
            public void append(LogEvent event) {
                if (event.getLevel() == level) {
                    lines.add(event.getMessage().getFormattedMessage());
                }
            }
        };
        appender.start();
        LoggerConfig config = new LoggerConfig(logger, level, false);
        config.addAppender(appender, level, null);
        configuration.addLogger(logger, config);
        context.updateLoggers();
        try {
            body.run();
        } finally {
            configuration.removeLogger(logger);
            context.updateLoggers();
            appender.stop();
        }
        return lines;
    }
}
