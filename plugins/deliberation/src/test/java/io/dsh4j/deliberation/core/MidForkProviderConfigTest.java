package io.dsh4j.deliberation.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Spec §2.7, §3.3 (constructor validation), §13 items 28 and 37; §9.3 tests 11–12. */
class MidForkProviderConfigTest {

    @Test
    void a_fixed_window_config_registers_one_inheriting_provider_with_its_limits() {
        List<MidForkProviderConfig.ProviderSpec> specs = MidForkProviderConfig.resolve(Json.of("{'providerName':'masked-history',"
                + "'window':'recent-steps','recentSteps':4,'mask':'action-only','maxSnapshotChars':5000,'maxSnapshotImages':7}"));
        assertThat(specs).containsExactly(new MidForkProviderConfig.ProviderSpec("masked-history", new Window.RecentSteps(4), Mask.ACTION_ONLY,
                new ProjectionLimits(5000, 7)));
        assertThat(specs.get(0).info()).isEqualTo(new ProviderInfo("masked-history", true, true, true, true));
    }

    @Test
    void a_family_registers_prefix_1_to_n_with_default_limits_and_not_the_bare_name() {
        List<MidForkProviderConfig.ProviderSpec> specs = MidForkProviderConfig.resolve(Json.of("{'providerName':'masked-step','maxRecentSteps':4}"));
        assertThat(specs).extracting(MidForkProviderConfig.ProviderSpec::name).containsExactly("masked-step-1", "masked-step-2", "masked-step-3",
                "masked-step-4");
        assertThat(specs).extracting(MidForkProviderConfig.ProviderSpec::window).containsExactly(new Window.RecentSteps(1),
                new Window.RecentSteps(2), new Window.RecentSteps(3), new Window.RecentSteps(4));
        assertThat(specs).allMatch(s -> s.limits().equals(ProjectionLimits.DEFAULTS) && s.mask() == Mask.REASONING_ONLY);
        assertThat(MidForkProviderConfig.resolve(Json.of("{}"))).hasSize(8);
        assertThat(MidForkProviderConfig.bundleFamily()).extracting(MidForkProviderConfig.ProviderSpec::name)
                .isEqualTo(DeliberationConfig.bundle().requiredProviders().subList(2, 10));
    }

    @Test
    void a_current_turn_config_registers_one_provider_and_rejects_window_sizes() {
        assertThat(MidForkProviderConfig.resolve(Json.of("{'providerName':'masked-current-turn','window':'current-turn'}")))
                .containsExactly(new MidForkProviderConfig.ProviderSpec("masked-current-turn", new Window.CurrentTurn(), Mask.REASONING_ONLY,
                        ProjectionLimits.DEFAULTS));
        assertThat(MidForkProviderConfig.bundleCurrentTurn().get(0).name()).isEqualTo(DeliberationConfig.bundleJson().at("/autoReview/provider").asText());
        assertThatThrownBy(() -> MidForkProviderConfig.resolve(Json.of("{'window':'current-turn','maxRecentSteps':2}")))
                .hasMessage("mid-fork current-turn window cannot configure recentSteps or maxRecentSteps");
    }

    @Test
    void contradictory_or_out_of_range_settings_fail_with_their_messages() {
        assertThatThrownBy(() -> MidForkProviderConfig.resolve(Json.of("{'recentSteps':2,'maxRecentSteps':4}")))
                .hasMessage("mid-fork recent-steps config must choose recentSteps or maxRecentSteps, not both");
        assertThatThrownBy(() -> MidForkProviderConfig.resolve(Json.of("{'maxRecentSteps':33}"))).hasMessage("mid-fork maxRecentSteps must be no greater than 32");
        assertThatThrownBy(() -> MidForkProviderConfig.resolve(Json.of("{'recentSteps':0}"))).hasMessage("mid-fork recentSteps must be a positive safe integer");
        assertThatThrownBy(() -> MidForkProviderConfig.resolve(Json.of("{'providerName':' '}"))).hasMessage("mid-fork providerName must be non-empty");
        assertThatThrownBy(() -> MidForkProviderConfig.resolve(Json.of("{'mask':'nothing'}"))).hasMessage("mid-fork mask must be reasoning-only or action-only");
        assertThatThrownBy(() -> MidForkProviderConfig.resolve(Json.of("{'maxSnapshotChars':0}")))
                .hasMessage("mid-fork maxSnapshotChars must be a positive safe integer");
        assertThatThrownBy(() -> MidForkProviderConfig.resolve(Json.of("{'maxSnapshotImages':1.5}")))
                .hasMessage("mid-fork maxSnapshotImages must be a positive safe integer");
    }

    @Test
    void a_window_is_validated_where_it_is_constructed() {
        assertThatThrownBy(() -> new Window.RecentSteps(0)).hasMessage("mid-fork recentSteps must be a positive safe integer");
        assertThatThrownBy(() -> new Window.RecentSteps(33)).hasMessage("mid-fork recentSteps must be no greater than 32");
        assertThatThrownBy(() -> DeliberationConfig.bundle().familyProvider(33)).isInstanceOf(IllegalArgumentException.class);
    }
}
