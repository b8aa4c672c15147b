package org.leaderboard.model.cassandra;

/**
 * The fold of part of one event partition, split at a moment: {@code settled} holds the events
 * before it, {@code open} the events from it on (see {@link EventFolds#foldPartitionSince}).
 */
public record SplitFold(EventFold settled, EventFold open) {}
