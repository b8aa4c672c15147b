package org.leaderboard.query;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.type;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.querybuilder.QueryBuilder;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * The read side stays a reader by construction: the write statements live in the writer's and the
 * snapshot worker's own store packages, which this service cannot depend on, and nothing here (nor
 * in the shared model it reads through) builds a write.
 */
class ArchitectureTests {

    /** This service's classes and the shared model's: everything the reader runs. */
    private static final JavaClasses READER =
            new ClassFileImporter()
                    .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importPackages("org.leaderboard.query", "org.leaderboard.model");

    /** A class of the test sources that breaks the rules on purpose. */
    private static final JavaClasses DELIBERATE_VIOLATION =
            new ClassFileImporter().importPackages("org.leaderboard.query.archfixture");

    private static final ArchRule DEPENDS_ON_NO_WRITE_SIDE =
            noClasses()
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage("org.leaderboard.writer..", "org.leaderboard.snapshot..")
                    .because("the writes of events, claims, boards and snapshots live there");

    private static final ArchRule BUILDS_NO_WRITE =
            noClasses()
                    .should()
                    .callMethodWhere(
                            target(owner(type(QueryBuilder.class)))
                                    .and(
                                            target(
                                                    nameMatching(
                                                            "insertInto|update|deleteFrom|truncate"))))
                    .because("only the writer and the snapshot worker write to the store");

    private static final ArchRule TALKS_TO_CASSANDRA_ONLY_THROUGH_THE_SHARED_READS =
            noClasses()
                    .that()
                    .resideInAPackage("org.leaderboard.query..")
                    .should()
                    .callMethodWhere(target(owner(assignableTo(CqlSession.class))))
                    .because("a raw statement could be a write; the shared model's reads are not");

    @Test
    void dependsOnNoWriteSide() {
        DEPENDS_ON_NO_WRITE_SIDE.check(READER);
    }

    @Test
    void neitherTheReaderNorTheSharedModelBuildsAWrite() {
        BUILDS_NO_WRITE.check(READER);
    }

    @Test
    void talksToCassandraOnlyThroughTheSharedReads() {
        TALKS_TO_CASSANDRA_ONLY_THROUGH_THE_SHARED_READS.check(READER);
    }

    @Test
    void aReaderClassThatBuildsAWriteFailsTheRule() {
        assertThatThrownBy(() -> BUILDS_NO_WRITE.check(DELIBERATE_VIOLATION))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("ReaderThatWrites.sneakAVoteIn()")
                .hasMessageContaining("QueryBuilder.insertInto");
    }
}
