-- A running seat clock's row passes from one seat's holder to the next at every move (issue
-- 22), and an index on ``user_id`` made each of those moves rewrite an index page as well:
-- one page more in every clocked move's commit. Only a vacation's start and end look deadlines
-- up by person, a few times a month per member; they read the table through instead.
DROP INDEX deadlines_by_user;
