package org.leaderboard.query.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.leaderboard.model.board.InvalidInputException;

class ParametersTests {

    @Test
    void readsDecimalDigitsWithAnOptionalMinusAndFallsBackWhenAbsent() {
        assertThat(Parameters.wholeNumber("offset", "42", 0)).isEqualTo(42);
        assertThat(Parameters.wholeNumber("offset", "-3", 0)).isEqualTo(-3);
        assertThat(Parameters.wholeNumber("offset", "010", 0)).isEqualTo(10);
        assertThat(Parameters.wholeNumber("limit", null, 100)).isEqualTo(100);
    }

    @Test
    void refusesWhatIntegerDecodeWouldQuietlyAccept() {
        for (String sloppy : new String[] {"0x10", "#10", " 1", "+5", "\uff11", "", "1,2", "1.0"}) {
            assertThatThrownBy(() -> Parameters.wholeNumber("offset", sloppy, 0))
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessage("offset: '" + sloppy + "' is not a whole number");
        }
    }

    @Test
    void namesANumberTooBigForAnIntAsOutOfRange() {
        assertThatThrownBy(() -> Parameters.wholeNumber("limit", "2147483648", 0))
                .hasMessage("limit: '2147483648' is out of range for a whole number parameter");
    }
}
