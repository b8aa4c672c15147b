package org.leaderboard.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.leaderboard.security.ApiSecuritySettings;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertyState;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.yaml.snakeyaml.Yaml;

/**
 * The configuration properties one service really has: Spring Boot's own (from the configuration
 * metadata in the Boot jars on its classpath), the keys of its application.yml, and the components
 * of its {@code @ConfigurationProperties} records. An environment variable "maps to a property"
 * when Spring's relaxed binding of the system environment resolves one of them from it, exactly as
 * the service would at start; or when the service's application.yml reads it by name in a
 * placeholder ({@code ${POD_IP:}}).
 */
final class ServiceProperties {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** {@code ${NAME}} or {@code ${NAME:default}}: a value read from a variable of that name. */
    private static final Pattern PLACEHOLDER =
            Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)[:}]");

    private final Set<ConfigurationPropertyName> names = new HashSet<>();
    private final Set<ConfigurationPropertyName> mapPrefixes = new HashSet<>();
    private final Set<String> placeholders = new HashSet<>();

    private ServiceProperties() {}

    /** The properties of {@code module}, whose settings are the given record. */
    static ServiceProperties of(String module, Class<? extends Record> settings) {
        ServiceProperties properties = new ServiceProperties();
        properties.addBootMetadata();
        properties.addApplicationYml(module);
        properties.addSettings(settings);
        if (module.equals("writer-service") || module.equals("leaderboard-query")) {
            // Both HTTP services share the api-security module's settings (api.security.*).
            properties.addSettings(ApiSecuritySettings.class);
        }
        return properties;
    }

    int size() {
        return names.size();
    }

    boolean binds(String environmentVariable) {
        if (placeholders.contains(environmentVariable)) {
            return true;
        }
        ConfigurationPropertySource source =
                ConfigurationPropertySource.from(
                        new SystemEnvironmentPropertySource(
                                "systemEnvironment", Map.of(environmentVariable, "any value")));
        for (ConfigurationPropertyName name : names) {
            ConfigurationProperty property = source.getConfigurationProperty(name);
            if (property != null) {
                return true;
            }
        }
        for (ConfigurationPropertyName prefix : mapPrefixes) {
            if (source.containsDescendantOf(prefix) == ConfigurationPropertyState.PRESENT) {
                return true;
            }
        }
        return false;
    }

    private void addBootMetadata() {
        for (URL url : resources("META-INF/spring-configuration-metadata.json")) {
            try (InputStream in = url.openStream()) {
                for (JsonNode property : JSON.readTree(in).path("properties")) {
                    add(property.path("name").asText(), property.path("type").asText());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private void addApplicationYml(String module) {
        List<URL> own =
                resources("application.yml").stream()
                        .filter(url -> url.toString().contains(module))
                        .toList();
        if (own.size() != 1) {
            throw new AssertionError("expected one application.yml of " + module + ": " + own);
        }
        try (InputStream in = own.get(0).openStream()) {
            String yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            flatten("", Yamls.map(new Yaml().load(yaml)));
            Matcher placeholder = PLACEHOLDER.matcher(yaml);
            while (placeholder.find()) {
                placeholders.add(placeholder.group(1));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void flatten(String prefix, Map<String, Object> yaml) {
        yaml.forEach(
                (key, value) -> {
                    String name = prefix.isEmpty() ? key : prefix + "." + key;
                    if (value instanceof Map) {
                        flatten(name, Yamls.map(value));
                    } else {
                        add(name, "");
                    }
                });
    }

    private void addSettings(Class<? extends Record> settings) {
        ConfigurationProperties annotation = settings.getAnnotation(ConfigurationProperties.class);
        if (annotation == null) {
            throw new AssertionError(settings + " is not @ConfigurationProperties");
        }
        String prefix = annotation.prefix().isEmpty() ? annotation.value() : annotation.prefix();
        for (RecordComponent component : settings.getRecordComponents()) {
            add(prefix + "." + kebab(component.getName()), component.getType().getName());
        }
    }

    private void add(String name, String type) {
        ConfigurationPropertyName parsed = ConfigurationPropertyName.ofIfValid(name);
        if (parsed == null) {
            return;
        }
        names.add(parsed);
        // A map or a list binds any key or index below it (api.security.keys[0].key).
        if (type.startsWith("java.util.Map") || type.startsWith("java.util.List")) {
            mapPrefixes.add(parsed);
        }
    }

    private static String kebab(String camelCase) {
        return camelCase.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase();
    }

    private static List<URL> resources(String name) {
        try {
            return new ArrayList<>(
                    Collections.list(ServiceProperties.class.getClassLoader().getResources(name)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
