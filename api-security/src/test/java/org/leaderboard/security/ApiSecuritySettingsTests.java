package org.leaderboard.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/** Keys arrive as environment variables from a Kubernetes Secret; secure defaults otherwise. */
class ApiSecuritySettingsTests {

    @Test
    void keysBindFromIndexedEnvironmentVariablesAsASecretProvidesThem() {
        ApiSecuritySettings settings =
                bind(
                        Map.of(
                                "API_SECURITY_KEYS_0_NAME", "ops",
                                "API_SECURITY_KEYS_0_KEY", "ops-key-0123456789abcdef",
                                "API_SECURITY_KEYS_0_ROLES", "ADMIN",
                                "API_SECURITY_KEYS_1_NAME", "voting-app",
                                "API_SECURITY_KEYS_1_KEY", "app-key-0123456789abcdef",
                                "API_SECURITY_KEYS_1_ROLES", "VOTER,READER",
                                "API_SECURITY_QUERY_PUBLIC", "false"));

        assertThat(settings.keys())
                .extracting(ApiKey::name, ApiKey::roles)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("ops", Set.of(Role.ADMIN)),
                        org.assertj.core.groups.Tuple.tuple(
                                "voting-app", Set.of(Role.VOTER, Role.READER)));
        assertThat(settings.queryPublic()).isFalse();
        assertThat(settings.enabled()).isTrue();
    }

    @Test
    void withNothingConfiguredSecurityIsOnWithNoKeysAndPublicReads() {
        ApiSecuritySettings settings = bind(Map.of());

        assertThat(settings.enabled()).isTrue();
        assertThat(settings.keys()).isEmpty();
        assertThat(settings.queryPublic()).isTrue();
        assertThat(settings.rolesClaim()).isEqualTo("roles");
    }

    @Test
    void aShortKeyOrAKeyWithoutRolesIsRefusedAtStartAndTheKeyIsNeverPrinted() {
        assertThatThrownBy(
                        () ->
                                bind(
                                        Map.of(
                                                "API_SECURITY_KEYS_0_NAME", "ops",
                                                "API_SECURITY_KEYS_0_KEY", "short",
                                                "API_SECURITY_KEYS_0_ROLES", "ADMIN")))
                .isInstanceOf(BindException.class)
                .rootCause()
                .hasMessageContaining("at least 16 characters");
        assertThatThrownBy(() -> new ApiKey("ops", "ops-key-0123456789abcdef", Set.of()))
                .hasMessageContaining("at least one role");
        assertThat(new ApiKey("ops", "ops-key-0123456789abcdef", Set.of(Role.ADMIN)).toString())
                .doesNotContain("ops-key");
    }

    @Test
    void anUnknownRoleIsRefusedAtStart() {
        assertThatThrownBy(
                        () ->
                                bind(
                                        Map.of(
                                                "API_SECURITY_KEYS_0_NAME", "ops",
                                                "API_SECURITY_KEYS_0_KEY",
                                                        "ops-key-0123456789abcdef",
                                                "API_SECURITY_KEYS_0_ROLES", "SUPERUSER")))
                .isInstanceOf(BindException.class);
    }

    @Test
    void keysAreFoundOnlyByTheirExactValue() {
        ApiKey ops = new ApiKey("ops", "ops-key-0123456789abcdef", Set.of(Role.ADMIN));
        ApiKeys keys = new ApiKeys(java.util.List.of(ops));

        assertThat(keys.find("ops-key-0123456789abcdef")).contains(ops);
        assertThat(keys.find("ops-key-0123456789abcde")).isEmpty();
        assertThat(keys.find("")).isEmpty();
    }

    private static ApiSecuritySettings bind(Map<String, Object> environment) {
        StandardEnvironment spring = new StandardEnvironment();
        spring.getPropertySources()
                .addFirst(
                        new SystemEnvironmentPropertySource(
                                // Boot maps FOO_0_BAR names only for sources named so.
                                "test-"
                                        + StandardEnvironment
                                                .SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                                environment));
        return new Binder(ConfigurationPropertySources.get(spring))
                .bindOrCreate("api.security", ApiSecuritySettings.class);
    }
}
