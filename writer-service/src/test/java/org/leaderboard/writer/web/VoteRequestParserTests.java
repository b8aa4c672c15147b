package org.leaderboard.writer.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.leaderboard.model.api.CastVoteCommand;
import org.leaderboard.model.board.ScoreKind;

class VoteRequestParserTests {

    private static final UUID GENERATED = UUID.fromString("6b1f4e1a-c7a4-11f0-8de9-0242ac120002");
    private static final String VOTE_ID = "5d8d3f20-c6b0-11f0-9c3b-7f2e8a1b0c4d";

    private final ObjectMapper json = new ObjectMapper();
    private final VoteRequestParser parser = new VoteRequestParser(() -> GENERATED);

    @Test
    void readsAVoteWithItsId() {
        CastVoteCommand command =
                valid(
                        "{\"voteId\":\""
                                + VOTE_ID
                                + "\",\"user\":\"u1\",\"voter\":\"v9\",\"votes\":-3}");

        assertThat(command)
                .isEqualTo(new CastVoteCommand("board", UUID.fromString(VOTE_ID), "u1", "v9", -3));
    }

    @Test
    void namesAVoteSentWithoutAnId() {
        assertThat(valid("{\"user\":\"u1\",\"voter\":\"v9\",\"votes\":1}").voteId())
                .isEqualTo(GENERATED);
        assertThat(valid("{\"voteId\":null,\"user\":\"u1\",\"voter\":\"v9\",\"votes\":1}").voteId())
                .isEqualTo(GENERATED);
    }

    @Test
    void acceptsTheLargestVotes() {
        assertThat(valid("{\"user\":\"u1\",\"voter\":\"v9\",\"votes\":1000000000}").votes())
                .isEqualTo(1_000_000_000);
        assertThat(valid("{\"user\":\"u1\",\"voter\":\"v9\",\"votes\":-1000000000}").votes())
                .isEqualTo(-1_000_000_000);
    }

    @ParameterizedTest
    @EnumSource(
            value = ScoreKind.class,
            names = {"BEST", "LOWEST", "COUNT"})
    void aGameBoardTakesAScoreOfZero(ScoreKind score) {
        ParsedVote parsed =
                parser.parse(
                        "board", read("{\"user\":\"u1\",\"voter\":\"v9\",\"votes\":0}"), score);

        assertThat(parsed).isInstanceOf(ParsedVote.Valid.class);
        assertThat(((ParsedVote.Valid) parsed).command().votes()).isZero();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            textBlock =
                    """
            {"voteId":"abc","user":"u1","voter":"v9","votes":1}                                  | voteId | voteId: 'abc' is not a UUID
            {"voteId":"1-2-3-4-5","user":"u1","voter":"v9","votes":1}                            | voteId | voteId: '1-2-3-4-5' is not a UUID
            {"voteId":42,"user":"u1","voter":"v9","votes":1}                                     | voteId | voteId: must be a string holding a timeuuid, not a number
            {"voteId":"3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e","user":"u1","voter":"v9","votes":1} | voteId | voteId: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e' is a version-4 UUID; it must be a time-based version-1 UUID (a timeuuid)
            {"voteId":"5d8d3f20-c6b0-11f0-1c3b-7f2e8a1b0c4d","user":"u1","voter":"v9","votes":1} | voteId | voteId: '5d8d3f20-c6b0-11f0-1c3b-7f2e8a1b0c4d' has UUID variant 0; a time-based version-1 UUID (a timeuuid) has variant 2
            {"voter":"v9","votes":1}                                                             | user   | user: is required
            {"user":"","voter":"v9","votes":1}                                                   | user   | user: is required
            {"user":"   ","voter":"v9","votes":1}                                                | user   | user: must not be blank
            {"user":7,"voter":"v9","votes":1}                                                    | user   | user: must be a string, not a number
            {"user":"u1","votes":1}                                                              | voter  | voter: is required
            {"user":"u1","voter":["v9"],"votes":1}                                               | voter  | voter: must be a string, not an array
            {"user":"u1","voter":"v9"}                                                           | votes  | votes: is required
            {"user":"u1","voter":"v9","votes":null}                                              | votes  | votes: is required
            {"user":"u1","voter":"v9","votes":0}                                                 | votes  | votes: must not be 0 (a vote adds or, when negative, takes away; boards with score BEST, LOWEST or COUNT take 0)
            {"user":"u1","voter":"v9","votes":1.5}                                               | votes  | votes: is 1.5; it must be a whole number
            {"user":"u1","voter":"v9","votes":2.0}                                               | votes  | votes: is 2.0; it must be a whole number
            {"user":"u1","voter":"v9","votes":"1"}                                               | votes  | votes: must be a whole number, not a string
            {"user":"u1","voter":"v9","votes":true}                                              | votes  | votes: must be a whole number, not a boolean
            {"user":"u1","voter":"v9","votes":1000000001}                                        | votes  | votes: is 1000000001; it must be between -1000000000 and 1000000000
            {"user":"u1","voter":"v9","votes":-99999999999999999999999}                          | votes  | votes: is -99999999999999999999999; it must be between -1000000000 and 1000000000
            {"user":"u1","voter":"v9","votes":1,"weight":2}                                      | weight | weight: is not a field of a vote; the fields are voteId, user, voter, votes
            ["u1"]                                                                               | body   | body: must be a JSON object like {"user":"u1","voter":"v9","votes":1}, not an array
            null                                                                                 | body   | body: must be a JSON object like {"user":"u1","voter":"v9","votes":1}, not null
            """)
    void refusesNamingTheFieldAndTheProblem(String body, String field, String detail)
            throws Exception {
        ParsedVote.Invalid invalid = invalid(body);

        assertThat(invalid.problem().field()).isEqualTo(field);
        assertThat(invalid.problem().getMessage()).isEqualTo(detail);
    }

    @Test
    void refusesControlCharactersInIds() throws Exception {
        ParsedVote.Invalid invalid =
                invalid("{\"user\":\"u\\u0000\",\"voter\":\"v9\",\"votes\":1}");

        assertThat(invalid.problem().getMessage())
                .isEqualTo("user: contains the control character U+0000, which ids may not hold");
    }

    @Test
    void keepsTheClientsIdOfARefusedVoteButInventsNone() throws Exception {
        assertThat(
                        invalid("{\"voteId\":\"" + VOTE_ID + "\",\"user\":\"u1\",\"voter\":\"v9\"}")
                                .voteId())
                .isEqualTo(UUID.fromString(VOTE_ID));
        assertThat(invalid("{\"user\":\"u1\",\"voter\":\"v9\"}").voteId()).isNull();
    }

    private CastVoteCommand valid(String body) {
        ParsedVote parsed = parser.parse("board", read(body));
        assertThat(parsed).isInstanceOf(ParsedVote.Valid.class);
        return ((ParsedVote.Valid) parsed).command();
    }

    private ParsedVote.Invalid invalid(String body) {
        ParsedVote parsed = parser.parse("board", read(body));
        assertThat(parsed).isInstanceOf(ParsedVote.Invalid.class);
        return (ParsedVote.Invalid) parsed;
    }

    private JsonNode read(String body) {
        try {
            return json.readTree(body);
        } catch (Exception e) {
            throw new IllegalArgumentException(body, e);
        }
    }
}
