// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Test double: a target for TagRelayer calls that records them, or refuses in three ways
contract RelayTarget {
    error Refused(uint256 code);

    event Called(address sender, uint256 value, bytes data);

    uint256 public calls;
    address public lastSender;

    /// @notice Records the call and returns twice `x`; keeps the ether it is sent.
    function poke(uint256 x) external payable returns (uint256) {
        calls += 1;
        lastSender = msg.sender;
        emit Called(msg.sender, msg.value, msg.data);
        return x * 2;
    }

    /// @notice Reverts with a custom error.
    function refuse(uint256 code) external payable {
        revert Refused(code);
    }

    /// @notice Reverts with a reason string (Error(string)).
    function refuseWithReason() external payable {
        revert("not today");
    }

    /// @notice Reverts without revert data.
    function refuseSilently() external payable {
        revert();
    }
}

/// @title Test double: a target that calls back into the relayer with a call armed beforehand
/// @notice `attack` sends the armed call (e.g. the same `execute` again) to the relayer and records
/// whether it succeeded and its revert data, so a test can see what a re-entering target gets.
contract ReentrantTarget {
    address public relayer;
    bytes public armed;
    uint256 public attacks;
    bool public reentrySucceeded;
    bytes public reentryResult;

    function arm(address relayer_, bytes calldata call) external {
        relayer = relayer_;
        armed = call;
    }

    function attack() external payable {
        attacks += 1;
        (reentrySucceeded, reentryResult) = relayer.call(armed);
    }
}
