package org.leaderboard.query.query;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.leaderboard.model.board.InvalidInputException;

class QueryLimitsTests {

    private final QueryLimits limits = new QueryLimits(1000, 50);

    @Test
    void acceptsTheBoundsOfEveryParameter() {
        assertThatCode(() -> limits.checkPage(0, 1)).doesNotThrowAnyException();
        assertThatCode(() -> limits.checkPage(Integer.MAX_VALUE, 1000)).doesNotThrowAnyException();
        assertThatCode(() -> limits.checkAround(0)).doesNotThrowAnyException();
        assertThatCode(() -> limits.checkAround(50)).doesNotThrowAnyException();
    }

    @Test
    void refusesANegativeOffset() {
        assertThatThrownBy(() -> limits.checkPage(-1, 10))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("offset: is -1; must be 0 or more")
                .extracting("field")
                .isEqualTo("offset");
    }

    @Test
    void refusesALimitOutsideOneToTheMaximum() {
        assertThatThrownBy(() -> limits.checkPage(0, 0))
                .hasMessage("limit: is 0; must be between 1 and 1000")
                .extracting("field")
                .isEqualTo("limit");
        assertThatThrownBy(() -> limits.checkPage(0, 1001))
                .hasMessage("limit: is 1001; must be between 1 and 1000");
    }

    @Test
    void refusesAroundOutsideZeroToTheMaximum() {
        assertThatThrownBy(() -> limits.checkAround(-1))
                .hasMessage("around: is -1; must be between 0 and 50")
                .extracting("field")
                .isEqualTo("around");
        assertThatThrownBy(() -> limits.checkAround(51))
                .hasMessage("around: is 51; must be between 0 and 50");
    }
}
