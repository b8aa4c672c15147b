package org.leaderboard.query;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.datastax.oss.driver.api.core.CqlSession;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.leaderboard.model.api.VoteCastEvent;
import org.leaderboard.model.board.BoardSettings;
import org.leaderboard.model.cassandra.BoardDao;
import org.leaderboard.model.cassandra.LayerRef;
import org.leaderboard.model.cassandra.SnapshotHead;
import org.leaderboard.model.cassandra.SnapshotHeadDao;
import org.leaderboard.model.cassandra.SnapshotLayerDao;
import org.leaderboard.model.cassandra.VoteEventDao;
import org.leaderboard.model.tally.Tallies;

/** The read side stays a reader: independent of the other services, and it never writes. */
class ArchitectureTests {

    private final JavaClasses queryClasses =
            new ClassFileImporter()
                    .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importPackages("org.leaderboard.query");

    @Test
    void dependsOnNoOtherService() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.leaderboard.writer..", "org.leaderboard.snapshot..")
                .check(queryClasses);
    }

    @Test
    void neverWritesToCassandra() {
        noClasses()
                .should()
                .callMethod(
                        VoteEventDao.class,
                        "insert",
                        BoardSettings.class,
                        VoteCastEvent.class,
                        Instant.class)
                .orShould()
                .callMethod(SnapshotHeadDao.class, "writeHead", SnapshotHead.class)
                .orShould()
                .callMethod(
                        SnapshotLayerDao.class,
                        "writeLayer",
                        BoardSettings.class,
                        LayerRef.class,
                        Tallies.class)
                .orShould()
                .callMethod(BoardDao.class, "insertIfAbsent", BoardSettings.class)
                .orShould()
                .callMethodWhere(target(owner(assignableTo(CqlSession.class))))
                .because("the query side only reads, through the shared DAOs")
                .check(queryClasses);
    }
}
