// Generated from contracts/contracts/NFTCode.sol (solc 0.8.28) by contracts/scripts/generate-artifacts.ts.
// Do not edit: run `npm run generate -w contracts`.

export const nftCodeAbi = [
  {
    "inputs": [],
    "stateMutability": "nonpayable",
    "type": "constructor"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "deadline",
        "type": "uint256"
      }
    ],
    "name": "AuthorizationExpired",
    "type": "error"
  },
  {
    "inputs": [],
    "name": "AuthorizationUsed",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "parent",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "available",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "requested",
        "type": "uint256"
      }
    ],
    "name": "ChildLimitExceeded",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint64",
        "name": "end",
        "type": "uint64"
      }
    ],
    "name": "ClaimEnded",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint64",
        "name": "start",
        "type": "uint64"
      }
    ],
    "name": "ClaimNotStarted",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "numerator",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "denominator",
        "type": "uint256"
      }
    ],
    "name": "ERC2981InvalidDefaultRoyalty",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "receiver",
        "type": "address"
      }
    ],
    "name": "ERC2981InvalidDefaultRoyaltyReceiver",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "numerator",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "denominator",
        "type": "uint256"
      }
    ],
    "name": "ERC2981InvalidTokenRoyalty",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "address",
        "name": "receiver",
        "type": "address"
      }
    ],
    "name": "ERC2981InvalidTokenRoyaltyReceiver",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "sender",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "address",
        "name": "owner",
        "type": "address"
      }
    ],
    "name": "ERC721IncorrectOwner",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "operator",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "ERC721InsufficientApproval",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "approver",
        "type": "address"
      }
    ],
    "name": "ERC721InvalidApprover",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "operator",
        "type": "address"
      }
    ],
    "name": "ERC721InvalidOperator",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "owner",
        "type": "address"
      }
    ],
    "name": "ERC721InvalidOwner",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "receiver",
        "type": "address"
      }
    ],
    "name": "ERC721InvalidReceiver",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "sender",
        "type": "address"
      }
    ],
    "name": "ERC721InvalidSender",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "ERC721NonexistentToken",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "expected",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "sent",
        "type": "uint256"
      }
    ],
    "name": "IncorrectPayment",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "amount",
        "type": "uint256"
      }
    ],
    "name": "InvalidBatchAmount",
    "type": "error"
  },
  {
    "inputs": [],
    "name": "InvalidInitialization",
    "type": "error"
  },
  {
    "inputs": [],
    "name": "InvalidPayoutAddress",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "length",
        "type": "uint256"
      }
    ],
    "name": "InvalidRecoveryReason",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "recovered",
        "type": "address"
      }
    ],
    "name": "InvalidSigner",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "minted",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "limit",
        "type": "uint256"
      }
    ],
    "name": "LimitBelowMinted",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "NotAChild",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "wallet",
        "type": "address"
      }
    ],
    "name": "NotAllowlisted",
    "type": "error"
  },
  {
    "inputs": [],
    "name": "NotInitializing",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "caller",
        "type": "address"
      }
    ],
    "name": "NotMinter",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "caller",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "NotTokenOwner",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "caller",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "NotTokenOwnerOrMinter",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "owner",
        "type": "address"
      }
    ],
    "name": "OwnableInvalidOwner",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "account",
        "type": "address"
      }
    ],
    "name": "OwnableUnauthorizedAccount",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "payoutAddress",
        "type": "address"
      }
    ],
    "name": "PaymentFailed",
    "type": "error"
  },
  {
    "inputs": [],
    "name": "RecoveryNotAllowed",
    "type": "error"
  },
  {
    "inputs": [],
    "name": "RecoverySwitchLocked",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "ReservedTokenId",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "TokenAlreadyMinted",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "TokenLocked",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "TokenRedeemed",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "wallet",
        "type": "address"
      },
      {
        "internalType": "uint32",
        "name": "cap",
        "type": "uint32"
      }
    ],
    "name": "WalletCapReached",
    "type": "error"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "owner",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "address",
        "name": "approved",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "Approval",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "owner",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "address",
        "name": "operator",
        "type": "address"
      },
      {
        "indexed": false,
        "internalType": "bool",
        "name": "approved",
        "type": "bool"
      }
    ],
    "name": "ApprovalForAll",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": false,
        "internalType": "uint256",
        "name": "_fromTokenId",
        "type": "uint256"
      },
      {
        "indexed": false,
        "internalType": "uint256",
        "name": "_toTokenId",
        "type": "uint256"
      }
    ],
    "name": "BatchMetadataUpdate",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "indexed": false,
        "internalType": "bool",
        "name": "status",
        "type": "bool"
      }
    ],
    "name": "ConnectedToTag",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": false,
        "internalType": "uint64",
        "name": "version",
        "type": "uint64"
      }
    ],
    "name": "Initialized",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": false,
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "Locked",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": false,
        "internalType": "uint256",
        "name": "_tokenId",
        "type": "uint256"
      }
    ],
    "name": "MetadataUpdate",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "owner",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "uint256",
        "name": "child",
        "type": "uint256"
      },
      {
        "indexed": true,
        "internalType": "uint256",
        "name": "parent",
        "type": "uint256"
      }
    ],
    "name": "MintChild",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "previousMinter",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "address",
        "name": "newMinter",
        "type": "address"
      }
    ],
    "name": "MinterChanged",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": false,
        "internalType": "string",
        "name": "name",
        "type": "string"
      }
    ],
    "name": "NameChanged",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "indexed": false,
        "internalType": "uint256",
        "name": "limit",
        "type": "uint256"
      }
    ],
    "name": "NewLimit",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "previousOwner",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "address",
        "name": "newOwner",
        "type": "address"
      }
    ],
    "name": "OwnershipTransferred",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "indexed": true,
        "internalType": "address",
        "name": "from",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "indexed": false,
        "internalType": "string",
        "name": "reason",
        "type": "string"
      }
    ],
    "name": "Recovered",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": false,
        "internalType": "bool",
        "name": "allowed",
        "type": "bool"
      }
    ],
    "name": "RecoveryPolicyChanged",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "indexed": true,
        "internalType": "address",
        "name": "holder",
        "type": "address"
      },
      {
        "indexed": false,
        "internalType": "bool",
        "name": "burned",
        "type": "bool"
      }
    ],
    "name": "Redeemed",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": false,
        "internalType": "string",
        "name": "symbol",
        "type": "string"
      }
    ],
    "name": "SymbolChanged",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "from",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "Transfer",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": false,
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "Unlocked",
    "type": "event"
  },
  {
    "inputs": [],
    "name": "CHILD_ID_BASE",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "LIBRARY_VERSION",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "MAX_CHILD_BATCH",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "MAX_RECOVERY_REASON",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "allowTokenTransfers",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "approve",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "availableChildren",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "owner_",
        "type": "address"
      }
    ],
    "name": "balanceOf",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "base",
    "outputs": [
      {
        "internalType": "string",
        "name": "",
        "type": "string"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "burn",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "connectedToTag",
    "outputs": [
      {
        "internalType": "bool",
        "name": "",
        "type": "bool"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "deleteDefaultRoyalty",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "disallowTokenTransfers",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "domainSeparator",
    "outputs": [
      {
        "internalType": "bytes32",
        "name": "",
        "type": "bytes32"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "exists",
    "outputs": [
      {
        "internalType": "bool",
        "name": "",
        "type": "bool"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "getApproved",
    "outputs": [
      {
        "internalType": "address",
        "name": "",
        "type": "address"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "price",
        "type": "uint256"
      },
      {
        "internalType": "address",
        "name": "payoutAddress",
        "type": "address"
      },
      {
        "internalType": "bool",
        "name": "disallowTransfers",
        "type": "bool"
      },
      {
        "internalType": "uint256",
        "name": "deadline",
        "type": "uint256"
      }
    ],
    "name": "getMintHash",
    "outputs": [
      {
        "internalType": "bytes32",
        "name": "",
        "type": "bytes32"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "components": [
          {
            "internalType": "address",
            "name": "to",
            "type": "address"
          },
          {
            "internalType": "uint256",
            "name": "tokenId",
            "type": "uint256"
          },
          {
            "internalType": "uint256",
            "name": "price",
            "type": "uint256"
          },
          {
            "internalType": "address",
            "name": "payoutAddress",
            "type": "address"
          },
          {
            "internalType": "bool",
            "name": "disallowTransfers",
            "type": "bool"
          },
          {
            "internalType": "uint256",
            "name": "deadline",
            "type": "uint256"
          },
          {
            "components": [
              {
                "internalType": "bytes32",
                "name": "id",
                "type": "bytes32"
              },
              {
                "internalType": "uint64",
                "name": "start",
                "type": "uint64"
              },
              {
                "internalType": "uint64",
                "name": "end",
                "type": "uint64"
              },
              {
                "internalType": "uint32",
                "name": "walletCap",
                "type": "uint32"
              },
              {
                "internalType": "bytes32",
                "name": "allowlistRoot",
                "type": "bytes32"
              }
            ],
            "internalType": "struct ClaimConditions.ClaimPhase",
            "name": "phase",
            "type": "tuple"
          }
        ],
        "internalType": "struct ClaimConditions.PhasedMint",
        "name": "voucher",
        "type": "tuple"
      }
    ],
    "name": "getMintPhasedHash",
    "outputs": [
      {
        "internalType": "bytes32",
        "name": "",
        "type": "bytes32"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "price",
        "type": "uint256"
      },
      {
        "internalType": "address",
        "name": "payoutAddress",
        "type": "address"
      },
      {
        "internalType": "bool",
        "name": "disallowTransfers",
        "type": "bool"
      },
      {
        "internalType": "uint256",
        "name": "deadline",
        "type": "uint256"
      },
      {
        "internalType": "uint64",
        "name": "limit",
        "type": "uint64"
      }
    ],
    "name": "getMintWithLimitHash",
    "outputs": [
      {
        "internalType": "bytes32",
        "name": "",
        "type": "bytes32"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "deadline",
        "type": "uint256"
      }
    ],
    "name": "getTransferHash",
    "outputs": [
      {
        "internalType": "bytes32",
        "name": "",
        "type": "bytes32"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "string",
        "name": "name_",
        "type": "string"
      },
      {
        "internalType": "string",
        "name": "symbol_",
        "type": "string"
      },
      {
        "internalType": "address",
        "name": "owner_",
        "type": "address"
      }
    ],
    "name": "initialize",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "owner_",
        "type": "address"
      },
      {
        "internalType": "address",
        "name": "operator",
        "type": "address"
      }
    ],
    "name": "isApprovedForAll",
    "outputs": [
      {
        "internalType": "bool",
        "name": "",
        "type": "bool"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "libraryVersion",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "pure",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "limitPerUid",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "locked",
    "outputs": [
      {
        "internalType": "bool",
        "name": "",
        "type": "bool"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "mint",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "parent",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "amount",
        "type": "uint256"
      }
    ],
    "name": "mintChildBatch",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint8",
        "name": "v",
        "type": "uint8"
      },
      {
        "internalType": "bytes32",
        "name": "r",
        "type": "bytes32"
      },
      {
        "internalType": "bytes32",
        "name": "s",
        "type": "bytes32"
      },
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "price",
        "type": "uint256"
      },
      {
        "internalType": "address",
        "name": "payoutAddress",
        "type": "address"
      },
      {
        "internalType": "bool",
        "name": "disallowTransfers",
        "type": "bool"
      },
      {
        "internalType": "uint256",
        "name": "deadline",
        "type": "uint256"
      }
    ],
    "name": "mintSigned",
    "outputs": [],
    "stateMutability": "payable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint8",
        "name": "v",
        "type": "uint8"
      },
      {
        "internalType": "bytes32",
        "name": "r",
        "type": "bytes32"
      },
      {
        "internalType": "bytes32",
        "name": "s",
        "type": "bytes32"
      },
      {
        "components": [
          {
            "internalType": "address",
            "name": "to",
            "type": "address"
          },
          {
            "internalType": "uint256",
            "name": "tokenId",
            "type": "uint256"
          },
          {
            "internalType": "uint256",
            "name": "price",
            "type": "uint256"
          },
          {
            "internalType": "address",
            "name": "payoutAddress",
            "type": "address"
          },
          {
            "internalType": "bool",
            "name": "disallowTransfers",
            "type": "bool"
          },
          {
            "internalType": "uint256",
            "name": "deadline",
            "type": "uint256"
          },
          {
            "components": [
              {
                "internalType": "bytes32",
                "name": "id",
                "type": "bytes32"
              },
              {
                "internalType": "uint64",
                "name": "start",
                "type": "uint64"
              },
              {
                "internalType": "uint64",
                "name": "end",
                "type": "uint64"
              },
              {
                "internalType": "uint32",
                "name": "walletCap",
                "type": "uint32"
              },
              {
                "internalType": "bytes32",
                "name": "allowlistRoot",
                "type": "bytes32"
              }
            ],
            "internalType": "struct ClaimConditions.ClaimPhase",
            "name": "phase",
            "type": "tuple"
          }
        ],
        "internalType": "struct ClaimConditions.PhasedMint",
        "name": "voucher",
        "type": "tuple"
      },
      {
        "internalType": "bytes32[]",
        "name": "proof",
        "type": "bytes32[]"
      }
    ],
    "name": "mintSignedPhased",
    "outputs": [],
    "stateMutability": "payable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint8",
        "name": "v",
        "type": "uint8"
      },
      {
        "internalType": "bytes32",
        "name": "r",
        "type": "bytes32"
      },
      {
        "internalType": "bytes32",
        "name": "s",
        "type": "bytes32"
      },
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "price",
        "type": "uint256"
      },
      {
        "internalType": "address",
        "name": "payoutAddress",
        "type": "address"
      },
      {
        "internalType": "bool",
        "name": "disallowTransfers",
        "type": "bool"
      },
      {
        "internalType": "uint256",
        "name": "deadline",
        "type": "uint256"
      },
      {
        "internalType": "uint64",
        "name": "limit",
        "type": "uint64"
      }
    ],
    "name": "mintSignedWithLimit",
    "outputs": [],
    "stateMutability": "payable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint64",
        "name": "limit",
        "type": "uint64"
      }
    ],
    "name": "mintWithLimit",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "mintedChildren",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "minter",
    "outputs": [
      {
        "internalType": "address",
        "name": "",
        "type": "address"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "name",
    "outputs": [
      {
        "internalType": "string",
        "name": "",
        "type": "string"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "owner",
    "outputs": [
      {
        "internalType": "address",
        "name": "",
        "type": "address"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "ownerOf",
    "outputs": [
      {
        "internalType": "address",
        "name": "",
        "type": "address"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "bytes32",
        "name": "phase",
        "type": "bytes32"
      },
      {
        "internalType": "address",
        "name": "wallet",
        "type": "address"
      }
    ],
    "name": "phaseMinted",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "string",
        "name": "reason",
        "type": "string"
      }
    ],
    "name": "recover",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "recoveryAllowed",
    "outputs": [
      {
        "internalType": "bool",
        "name": "",
        "type": "bool"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "bool",
        "name": "burnToken",
        "type": "bool"
      }
    ],
    "name": "redeem",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "redeemed",
    "outputs": [
      {
        "internalType": "bool",
        "name": "",
        "type": "bool"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "renounceOwnership",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "resetTokenRoyalty",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "salePrice",
        "type": "uint256"
      }
    ],
    "name": "royaltyInfo",
    "outputs": [
      {
        "internalType": "address",
        "name": "receiver",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "amount",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "from",
        "type": "address"
      },
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "safeTransferFrom",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "from",
        "type": "address"
      },
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "bytes",
        "name": "data",
        "type": "bytes"
      }
    ],
    "name": "safeTransferFrom",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "operator",
        "type": "address"
      },
      {
        "internalType": "bool",
        "name": "approved",
        "type": "bool"
      }
    ],
    "name": "setApprovalForAll",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "string",
        "name": "newBase",
        "type": "string"
      }
    ],
    "name": "setBase",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "bool",
        "name": "status",
        "type": "bool"
      }
    ],
    "name": "setConnectToTag",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "receiver",
        "type": "address"
      },
      {
        "internalType": "uint96",
        "name": "feeNumerator",
        "type": "uint96"
      }
    ],
    "name": "setDefaultRoyalty",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint64",
        "name": "limit",
        "type": "uint64"
      }
    ],
    "name": "setLimit",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "bool",
        "name": "status",
        "type": "bool"
      }
    ],
    "name": "setLocked",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "newMinter",
        "type": "address"
      }
    ],
    "name": "setMinter",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "string",
        "name": "newName",
        "type": "string"
      }
    ],
    "name": "setName",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "bool",
        "name": "allowed",
        "type": "bool"
      }
    ],
    "name": "setRecoveryAllowed",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "string",
        "name": "newSymbol",
        "type": "string"
      }
    ],
    "name": "setSymbol",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "address",
        "name": "receiver",
        "type": "address"
      },
      {
        "internalType": "uint96",
        "name": "feeNumerator",
        "type": "uint96"
      }
    ],
    "name": "setTokenRoyalty",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "string",
        "name": "uri",
        "type": "string"
      }
    ],
    "name": "setTokenURI",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "bytes4",
        "name": "interfaceId",
        "type": "bytes4"
      }
    ],
    "name": "supportsInterface",
    "outputs": [
      {
        "internalType": "bool",
        "name": "",
        "type": "bool"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "symbol",
    "outputs": [
      {
        "internalType": "string",
        "name": "",
        "type": "string"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "tokenURI",
    "outputs": [
      {
        "internalType": "string",
        "name": "",
        "type": "string"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "totalSupply",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "from",
        "type": "address"
      },
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "transferFrom",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      }
    ],
    "name": "transferNonce",
    "outputs": [
      {
        "internalType": "uint32",
        "name": "",
        "type": "uint32"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "newOwner",
        "type": "address"
      }
    ],
    "name": "transferOwnership",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint8",
        "name": "v",
        "type": "uint8"
      },
      {
        "internalType": "bytes32",
        "name": "r",
        "type": "bytes32"
      },
      {
        "internalType": "bytes32",
        "name": "s",
        "type": "bytes32"
      },
      {
        "internalType": "address",
        "name": "to",
        "type": "address"
      },
      {
        "internalType": "uint256",
        "name": "tokenId",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "deadline",
        "type": "uint256"
      }
    ],
    "name": "transferSigned",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "child",
        "type": "uint256"
      }
    ],
    "name": "whoIsFather",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  }
] as const;

/** Creation bytecode (constructor arguments are appended by encodeDeployData). */
export const nftCodeBytecode: `0x${string}` = '0x6080604052348015600e575f5ffd5b5060156019565b60c9565b7ff0c57e16840df040f15088dc2f81fe391c3923bec73e23a9662efc9c229c6a00805468010000000000000000900460ff161560685760405163f92ee8a960e01b815260040160405180910390fd5b80546001600160401b039081161460c65780546001600160401b0319166001600160401b0390811782556040519081527fc7f505b2f371ae2175ee4913f4499e1f2633a7b5936321eed1cdaeb6115181d29060200160405180910390a15b50565b6157c4806100d65f395ff3fe608060405260043610610401575f3560e01c806370a082311161021d578063b9ccbfe211610122578063e985e9c5116100b7578063f698da2511610087578063fca3b5aa1161006d578063fca3b5aa14610dfb578063fd89a20e14610e1a578063ffaf24d614610e2d575f5ffd5b8063f698da2514610d0e578063fc2f5e6714610dc1575f5ffd5b8063e985e9c514610c4b578063eab64c4814610cb1578063f2cefb1314610cd0578063f2fde38b14610cef575f5ffd5b8063cbab5c0b116100f2578063cbab5c0b14610bbb578063d65a06b014610bda578063d7766e7914610bf9578063dfb4b1fd14610c18575f5ffd5b8063b9ccbfe214610afe578063c053b02114610b5e578063c47f002714610b7d578063c87b56dd14610b9c575f5ffd5b806392a459b1116101b2578063a804e80711610182578063b45a3c0e11610168578063b45a3c0e14610aa1578063b84c824614610ac0578063b88d4fde14610adf575f5ffd5b8063a804e80714610a6e578063aa1b103f14610a8d575f5ffd5b806392a459b114610a1357806395d89b4114610a285780639b5bbe3114610a3c578063a22cb46514610a4f575f5ffd5b80637fa8d258116101ed5780637fa8d2581461094557806388e75776146109585780638a616bc0146109b85780638da5cb5b146109d7575f5ffd5b806370a08231146108a6578063715018a6146108c55780637b6420ed146108d95780637ed0f1c1146108f8575f5ffd5b8063318db497116103235780634f21b969116102b85780635944c753116102885780636352211e1161026e5780636352211e14610834578063664aa26b146108535780636e303cad14610872575f5ffd5b80635944c753146107f65780635ff99d3314610815575f5ffd5b80634f21b969146107905780634f558e79146107af5780635001f3b5146107ce57806350d43cd1146107e2575f5ffd5b806342966c68116102f357806342966c68146107205780634bb9a4821461073f5780634cee68fb1461075e5780634ed6aa961461077d575f5ffd5b8063318db4971461067a5780633c45ef7e1461068e57806340c10f19146106e257806342842e0e14610701575f5ffd5b80630a3cc989116103995780631c006ebe116103695780631c006ebe146105df57806322bf23fa146105fe57806323b872dd1461061d5780632a55205a1461063c575f5ffd5b80630a3cc9891461054c578063162094c41461056b57806318160ddd1461058a5780631ba3c6b9146105c0575f5ffd5b806307546172116103d457806307546172146104a8578063077f224a146104ef578063081812fc1461050e578063095ea7b31461052d575f5ffd5b806301ffc9a7146104055780630206c78e1461043957806304634d8d1461046657806306fdde0314610487575b5f5ffd5b348015610410575f5ffd5b5061042461041f366004614a70565b610e4c565b60405190151581526020015b60405180910390f35b348015610444575f5ffd5b50610458610453366004614aa2565b610f8b565b604051908152602001610430565b348015610471575f5ffd5b50610485610480366004614aee565b611070565b005b348015610492575f5ffd5b5061049b611086565b6040516104309190614b4d565b3480156104b3575f5ffd5b507fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000545b6040516001600160a01b039091168152602001610430565b3480156104fa575f5ffd5b50610485610509366004614b9d565b611138565b348015610519575f5ffd5b506104d7610528366004614c1d565b611343565b348015610538575f5ffd5b50610485610547366004614c34565b611380565b348015610557575f5ffd5b50610485610566366004614c6b565b6114e6565b348015610576575f5ffd5b50610485610585366004614c8c565b6114f0565b348015610595575f5ffd5b507fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005460a01c610458565b3480156105cb575f5ffd5b506104586105da366004614c1d565b611594565b3480156105ea575f5ffd5b506104856105f9366004614cd4565b61163b565b348015610609575f5ffd5b50610485610618366004614cf4565b611a65565b348015610628575f5ffd5b50610485610637366004614d0d565b611b93565b348015610647575f5ffd5b5061065b610656366004614cd4565b611d78565b604080516001600160a01b039093168352602083019190915201610430565b348015610685575f5ffd5b50610458600281565b348015610699575f5ffd5b506104586106a8366004614c1d565b5f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd009602052604090205467ffffffffffffffff1690565b3480156106ed575f5ffd5b506104856106fc366004614c34565b611e6e565b34801561070c575f5ffd5b5061048561071b366004614d0d565b611ea9565b34801561072b575f5ffd5b5061048561073a366004614c1d565b611ec3565b34801561074a575f5ffd5b50610485610759366004614c1d565b611fa1565b348015610769575f5ffd5b50610485610778366004614d5e565b611fae565b348015610788575f5ffd5b506002610458565b34801561079b575f5ffd5b506104246107aa366004614c1d565b611fef565b3480156107ba575f5ffd5b506104246107c9366004614c1d565b612043565b3480156107d9575f5ffd5b5061049b6120a5565b3480156107ed575f5ffd5b5061045860c881565b348015610801575f5ffd5b50610485610810366004614d97565b6120d6565b348015610820575f5ffd5b5061045861082f366004614c1d565b6120e9565b34801561083f575f5ffd5b506104d761084e366004614c1d565b61214a565b34801561085e575f5ffd5b5061048561086d366004614dc7565b612175565b34801561087d575f5ffd5b5061089161088c366004614c1d565b6121e0565b60405163ffffffff9091168152602001610430565b3480156108b1575f5ffd5b506104586108c0366004614e06565b612214565b3480156108d0575f5ffd5b50610485612291565b3480156108e4575f5ffd5b506104586108f3366004614e1f565b6122a4565b348015610903575f5ffd5b50610424610912366004614c1d565b5f9081527f22e18e89e706a3313407aac264a44d454458143ec0fed6da6a15e73989438900602052604090205460ff1690565b610485610953366004614e9b565b612331565b348015610963575f5ffd5b50610458610972366004614f2c565b5f9182527ffb48bd92556e31eee33ac0a2d3d7b60651bf5f4c55df2aa53aa3ad1347c23000602090815260408084206001600160a01b0393909316845291905290205490565b3480156109c3575f5ffd5b506104856109d2366004614c1d565b6123b6565b3480156109e2575f5ffd5b507f9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c199300546001600160a01b03166104d7565b348015610a1e575f5ffd5b506104586101f481565b348015610a33575f5ffd5b5061049b6123ed565b610485610a4a366004614f4d565b61241e565b348015610a5a575f5ffd5b50610485610a69366004614fcf565b612497565b348015610a79575f5ffd5b50610485610a88366004614ff7565b612581565b348015610a98575f5ffd5b50610485612796565b348015610aac575f5ffd5b50610424610abb366004614c1d565b6127c6565b348015610acb575f5ffd5b50610485610ada366004614dc7565b612811565b348015610aea575f5ffd5b50610485610af936600461507a565b612877565b348015610b09575f5ffd5b50610458610b18366004614c1d565b5f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd009602052604090205468010000000000000000900467ffffffffffffffff1690565b348015610b69575f5ffd5b50610485610b78366004614c1d565b61288f565b348015610b88575f5ffd5b50610485610b97366004614dc7565b61289a565b348015610ba7575f5ffd5b5061049b610bb6366004614c1d565b612900565b348015610bc6575f5ffd5b50610458610bd5366004615158565b612ab3565b348015610be5575f5ffd5b50610485610bf4366004614c6b565b612b2e565b348015610c04575f5ffd5b50610485610c133660046151b5565b612d2c565b348015610c23575f5ffd5b506104587f800000000000000000000000000000000000000000000000000000000000000081565b348015610c56575f5ffd5b50610424610c653660046151d6565b6001600160a01b039182165f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0086020908152604080832093909416825291909152205460ff1690565b348015610cbc575f5ffd5b50610458610ccb3660046151fe565b612d6d565b348015610cdb575f5ffd5b50610485610cea366004614c6b565b612daf565b348015610cfa575f5ffd5b50610485610d09366004614e06565b612edd565b348015610d19575f5ffd5b50610458604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201527fa1d1060cd95510865129de3bed201744b6206260bd33306b109c794016cdf704918101919091527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc660608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b348015610dcc575f5ffd5b506104247fcb93908d0ae7f87ff3dfc8b209db14f9278f57be2892262c3d254834af14c8005460ff1660011490565b348015610e06575f5ffd5b50610485610e15366004614e06565b612f30565b610485610e2836600461522e565b612fc8565b348015610e38575f5ffd5b50610485610e473660046152d5565b61307e565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f80ac58cd000000000000000000000000000000000000000000000000000000001480610ede57507fffffffff0000000000000000000000000000000000000000000000000000000082167f5b5e139f00000000000000000000000000000000000000000000000000000000145b80610f2a57507fffffffff0000000000000000000000000000000000000000000000000000000082167f4906490600000000000000000000000000000000000000000000000000000000145b80610f7657507fffffffff0000000000000000000000000000000000000000000000000000000082167fb45a3c0e00000000000000000000000000000000000000000000000000000000145b80610f855750610f85826132b2565b92915050565b5f610f857f236b6299a069b46a63ba74e89da4ce11b20645c6212bb8df36cfcccc35e919c183604051602001610fc292919061533c565b60408051601f1981840301815282825280516020918201207f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f84527fa1d1060cd95510865129de3bed201744b6206260bd33306b109c794016cdf7049184019182527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc692840192835246606085015230608085015260a08420611901855290915290526042601e9091012090565b611078613348565b61108282826133bc565b5050565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00060020180546110b79061542b565b80601f01602080910402602001604051908101604052809291908181526020018280546110e39061542b565b801561112e5780601f106111055761010080835404028352916020019161112e565b820191905f5260205f20905b81548152906001019060200180831161111157829003601f168201915b5050505050905090565b5f6111416134d0565b805490915060ff68010000000000000000820416159067ffffffffffffffff165f8115801561116d5750825b90505f8267ffffffffffffffff1660011480156111895750303b155b905081158015611197575080155b156111ce576040517ff92ee8a900000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b84547fffffffffffffffffffffffffffffffffffffffffffffffff0000000000000000166001178555831561122f5784547fffffffffffffffffffffffffffffffffffffffffffffff00ffffffffffffffff16680100000000000000001785555b611238866134f8565b611240613509565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0007fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00261128d8b8d836154ba565b506003810161129d898b836154ba565b506001600160a01b0387168082556040515f907f3b0007eb941cf645526cbb3a4fdaecda9d28ce4843167d9263b536a1f1edc0f6908290a35083156113375784547fffffffffffffffffffffffffffffffffffffffffffffff00ffffffffffffffff168555604051600181527fc7f505b2f371ae2175ee4913f4499e1f2633a7b5936321eed1cdaeb6115181d29060200160405180910390a15b50505050505050505050565b5f7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061137981846113748282613511565b613586565b9392505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6113ac8284613511565b905080336001600160a01b038216148015906113ed57506001600160a01b0381165f908152600884016020908152604080832033845290915290205460ff16155b1561142b576040517fa9fbf51f0000000000000000000000000000000000000000000000000000000081523360048201526024015b60405180910390fd5b6040805180820182526001600160a01b0380881680835263ffffffff60a087901c811660208086019182525f8b815260078b0190915286812095518654925190931674010000000000000000000000000000000000000000027fffffffffffffffff00000000000000000000000000000000000000000000000090921692851692909217179093559251879392918516917f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92591a45050505050565b61108282826135f1565b6114f8613348565b6115237fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005b84613511565b505f8381527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00b6020526040902061155b8284836154ba565b506040518381527ff8e1a15aba9398e019f0b49df1a4fde98ee17ae345cb5f6b5e2c27f5033e8ce79060200160405180910390a1505050565b5f7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0008160c07effffffffffffff0000000000000000000000000000000000000000000000006115e38487613511565b16901c9050805f03611624576040517f05120e7d00000000000000000000000000000000000000000000000000000000815260048101859052602401611422565b5f908152600a909101602052604090205492915050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6116678285613511565b90506001600160a01b03811633146116b4576040517f58a5e22200000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611422565b8215806116c257506101f483115b156116fc576040517fcfb7619500000000000000000000000000000000000000000000000000000000815260048101849052602401611422565b5f84815260098301602090815260408083208151606081018352905467ffffffffffffffff80821680845268010000000000000000830490911694830185905270010000000000000000000000000000000090910466ffffffffffffff1692820192909252929161176c916155a1565b67ffffffffffffffff169050808511156117c3576040517f67feff78000000000000000000000000000000000000000000000000000000008152600481018790526024810182905260448101869052606401611422565b60018401545f90611806906fffffffffffffffffffffffffffffffff167f80000000000000000000000000000000000000000000000000000000000000006155c1565b6118119060016155c1565b9050826040015166ffffffffffffff165f036118ac5760018501805460109061185f9070010000000000000000000000000000000090046fffffffffffffffffffffffffffffffff166155d4565b82546fffffffffffffffffffffffffffffffff8083166101009490940a938402930219169190911790915566ffffffffffffff1660408085018290525f918252600a870160205290208790555b6020808401805167ffffffffffffffff908901811682526001880180546fffffffffffffffffffffffffffffffff8082168c01167fffffffffffffffffffffffffffffffff0000000000000000000000000000000091821617909155885460a08b901b018955335f81815260068b018652604080822080548e0190558d825260098c01909652858120895181549651978b015166ffffffffffffff8116700100000000000000000000000000000000027fffffffffffffffffff00000000000000ffffffffffffffffffffffffffffffff99881668010000000000000000029890961691909616179590951795909516919091179092557effffffffffffff00000000000000000000000000000000000000000000000060c09190911b1617905b87811015611a5a57828101600f82165f036119f5575f81815260058901602052604090208390555b604051819033905f907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef908290a46040518a90829033907f2b454cbdeff241cd25d59da784b21a0005a93b11db07d2c14bda1ca9f25f2f60905f90a4506001016119cd565b505050505050505050565b611a6d613348565b7fcb93908d0ae7f87ff3dfc8b209db14f9278f57be2892262c3d254834af14c8008115611b2f57805460ff1660021480611aca57507fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005460a01c15155b15611b01576040517f1f25315300000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b80547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00166001178155611b59565b80547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660021781555b60405182151581527fd2afdff98d440b55a10b6d94ab87a8b1c98fcb9a7906a4579f443e40795fe75e906020015b60405180910390a15050565b6001600160a01b038216611bd5576040517f64a0ae920000000000000000000000000000000000000000000000000000000081525f6004820152602401611422565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f611c018284613511565b905080336001600160a01b03821614801590611c4257506001600160a01b0381165f908152600884016020908152604080832033845290915290205460ff16155b8015611c61575033611c55848685613586565b6001600160a01b031614155b15611ca1576040517f177e802f00000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611422565b856001600160a01b0316816001600160a01b031614611d06576040517f64283d7b0000000000000000000000000000000000000000000000000000000081526001600160a01b0380881660048301526024820186905282166044820152606401611422565b7f0200000000000000000000000000000000000000000000000000000000000000821615611d63576040517f886574b200000000000000000000000000000000000000000000000000000000815260048101859052602401611422565b611d7083828787866137b6565b505050505050565b5f8281527fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b0160205260408120805482917fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b00916001600160a01b038116907401000000000000000000000000000000000000000090046bffffffffffffffffffffffff1681611e3657505081546001600160a01b038116907401000000000000000000000000000000000000000090046bffffffffffffffffffffffff165b5f612710611e526bffffffffffffffffffffffff84168a615610565b611e5c9190615627565b929650919450505050505b9250929050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000611ea481611e9c81613896565b85855f6138e1565b505050565b611ea483838360405180602001604052805f815250612877565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f611eef8284613511565b905080336001600160a01b03821614801590611f3057506001600160a01b0381165f908152600884016020908152604080832033845290915290205460ff16155b8015611f4f575033611f43848685613586565b6001600160a01b031614155b15611f8f576040517f177e802f00000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611422565b611f9b83828685613ac4565b50505050565b611fab815f6135f1565b50565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000611fe481611fdc81613896565b86865f6138e1565b611f9b818484613c27565b5f7f040000000000000000000000000000000000000000000000000000000000000061203a7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061151d565b16151592915050565b5f806120707fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005b84613d1b565b9050801580159061137957507f0100000000000000000000000000000000000000000000000000000000000000161592915050565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00060040180546110b79061542b565b6120de613348565b611ea4838383613dee565b5f8181527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0096020526040812080546121399067ffffffffffffffff680100000000000000008204811691166155a1565b67ffffffffffffffff169392505050565b5f610f857fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00083613511565b61217d613348565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0046121a98284836154ba565b50604080515f81525f1960208201527f6bd5c950a8d8df17f772f5af37cb3655737899cbf903264b9795592da439661c9101611b87565b5f60a061220c7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061206a565b901c92915050565b5f6001600160a01b038216612257576040517f89c62b640000000000000000000000000000000000000000000000000000000081525f6004820152602401611422565b506001600160a01b03165f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd006602052604090205490565b612299613348565b6122a25f613f23565b565b604080517f1dce203b37ee9fa9f5f3fde84344648fb962776dceae9b4371d09f75cba783ce60208201526001600160a01b03808a1692820192909252606081018890526080810187905290851660a082015283151560c082015260e0810183905267ffffffffffffffff82166101008201525f906123259061012001610fc2565b98975050505050505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f612384827f1dce203b37ee9fa9f5f3fde84344648fb962776dceae9b4371d09f75cba783ce60078f8f8f8d8b613fab565b905061239382828b8b896138e1565b61239e828985613c27565b6123a8868861415b565b505050505050505050505050565b6123be613348565b5f9081527fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b016020526040812055565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00060030180546110b79061542b565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f612471827fa547d18ed7eb1cfafa029eef65dc03ffe802aa8ac62f6aa62838574179efd2aa60068e8e8e8c8a613fab565b905061248082828a8a886138e1565b61248a858761415b565b5050505050505050505050565b6001600160a01b0382166124d9576040517f5b08ba180000000000000000000000000000000000000000000000000000000081525f6004820152602401611422565b335f8181527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd008602090815260408083206001600160a01b0387168085529083529281902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001686151590811790915590519081529192917f17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31910160405180910390a35050565b612589613348565b60017fcb93908d0ae7f87ff3dfc8b209db14f9278f57be2892262c3d254834af14c8005460ff16146125e7576040517fce4f24bb00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b808015806125f5575060c881115b1561262f576040517fe776efe200000000000000000000000000000000000000000000000000000000815260048101829052602401611422565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f61265b8288613511565b9050806001600160a01b03871615806126855750806001600160a01b0316876001600160a01b0316145b156126c7576040517f64a0ae920000000000000000000000000000000000000000000000000000000081526001600160a01b0388166004820152602401611422565b5f8881527f22e18e89e706a3313407aac264a44d454458143ec0fed6da6a15e73989438900602052604090205460ff1615612731576040517fb2330cf200000000000000000000000000000000000000000000000000000000815260048101899052602401611422565b61273e8382898b866137b6565b866001600160a01b0316816001600160a01b0316897fbaf29bc7d7391b118b9760aca585eac6623f1a8632d78a1d7914b6eab68487db898960405161278492919061565f565b60405180910390a45050505050505050565b61279e613348565b6122a25f7fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b0055565b5f7f020000000000000000000000000000000000000000000000000000000000000061203a7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061151d565b612819613348565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0036128458284836154ba565b507f57c940aa14b51ea5f96b7a2bea757ce355d996e2c5d7a3c68aff1c75a326269b8282604051611b8792919061565f565b612882848484611b93565b611f9b338585858561423a565b611fab8160016135f1565b6128a2613348565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0026128ce8284836154ba565b507f4737457377f528cc8afd815f73ecb8b05df80d047dbffc41c17750a4033592bc8282604051611b8792919061565f565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061292d8184613511565b505f838152600b82016020526040812080546129489061542b565b80601f01602080910402602001604051908101604052809291908181526020018280546129749061542b565b80156129bf5780601f10612996576101008083540402835291602001916129bf565b820191905f5260205f20905b8154815290600101906020018083116129a257829003601f168201915b5050505050905080515f146129d5579392505050565b5f8260040180546129e59061542b565b80601f0160208091040260200160405190810160405280929190818152602001828054612a119061542b565b8015612a5c5780601f10612a3357610100808354040283529160200191612a5c565b820191905f5260205f20905b815481529060010190602001808311612a3f57829003601f168201915b5050505050905080515f14612a9a5780612a75866143d5565b604051602001612a869291906156a4565b604051602081830303815290604052612aaa565b60405180602001604052805f8152505b95945050505050565b604080517fa547d18ed7eb1cfafa029eef65dc03ffe802aa8ac62f6aa62838574179efd2aa60208201526001600160a01b0380891692820192909252606081018790526080810186905290841660a082015282151560c082015260e081018290525f90612b239061010001610fc2565b979650505050505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f612b5a8285613511565b90506001600160a01b0381163314612ba7576040517f58a5e22200000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611422565b5f8481527f22e18e89e706a3313407aac264a44d454458143ec0fed6da6a15e73989438900602081905260409091205460ff1615612c14576040517fb2330cf200000000000000000000000000000000000000000000000000000000815260048101869052602401611422565b5f85815260208290526040902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660011790558315612c6157612c5c83338785613ac4565b612cec565b7f020000000000000000000000000000000000000000000000000000000000000082165f03612cec57612cb88386847f02000000000000000000000000000000000000000000000000000000000000008617614472565b6040518581527f032bc66be43dbccb7487781d168eb7bda224628a3b2c3388bdf69b532a3a16119060200160405180910390a15b6040518415158152339086907fb63c28e63a0c74e576e7c530da1542f956a1cfc7fb520af576f914e2874c644d9060200160405180910390a35050505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000612d5681613896565b50612d618184613511565b50611ea4818484613c27565b5f612da7848460a0612d9f7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00088613d1b565b901c85614543565b949350505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f612ddb8285613511565b9050336001600160a01b03821614801590612e00575081546001600160a01b03163314155b15612e40576040517fddd5ec9200000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611422565b612e9b82858386612e73577ffbffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff8516614472565b7f04000000000000000000000000000000000000000000000000000000000000008517614472565b837f250d8b5753a07e5d3e8c72eaa088a0a42785762c7021c574464f273171369aba84604051612ecf911515815260200190565b60405180910390a250505050565b612ee5613348565b6001600160a01b038116612f27576040517f1e4fbdf70000000000000000000000000000000000000000000000000000000081525f6004820152602401611422565b611fab81613f23565b612f38613348565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00080546040516001600160a01b0384811691908316907f3b0007eb941cf645526cbb3a4fdaecda9d28ce4843167d9263b536a1f1edc0f6905f90a37fffffffffffffffffffffffff0000000000000000000000000000000000000000166001600160a01b03909216919091179055565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00060408401355f613024837f236b6299a069b46a63ba74e89da4ce11b20645c6212bb8df36cfcccc35e919c1600b8c8c8c8860a08e0135613fab565b90505f6130346020880188614e06565b90506130458760c0018288886145a6565b61306584838360208b013561306060a08d0160808e01614cf4565b6138e1565b6113376130786080890160608a01614e06565b8461415b565b804211156130bb576040517f3d91b05f00000000000000000000000000000000000000000000000000000000815260048101829052602401611422565b6001600160a01b0383166130fd576040517f64a0ae920000000000000000000000000000000000000000000000000000000081525f6004820152602401611422565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6131298285613511565b90507f0200000000000000000000000000000000000000000000000000000000000000811615613188576040517f886574b200000000000000000000000000000000000000000000000000000000815260048101859052602401611422565b60a081901c5f6131a561319d88888589614543565b8b8b8b614821565b84549091506001600160a01b03821615806131d25750806001600160a01b0316826001600160a01b031614155b156132a5576001600160a01b038216158015906131f4575063ffffffff831615155b801561323157506001600160a01b03811661322661321e8a8a6132186001896156b8565b8b614543565b8d8d8d614821565b6001600160a01b0316145b15613268576040517f18b980b200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6040517fbf18af430000000000000000000000000000000000000000000000000000000081526001600160a01b0383166004820152602401611422565b61248a85858a8a886137b6565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f2a55205a000000000000000000000000000000000000000000000000000000001480610f8557507f01ffc9a7000000000000000000000000000000000000000000000000000000007fffffffff00000000000000000000000000000000000000000000000000000000831614610f85565b3361337a7f9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c199300546001600160a01b031690565b6001600160a01b0316146122a2576040517f118cdaa7000000000000000000000000000000000000000000000000000000008152336004820152602401611422565b7fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b006127106bffffffffffffffffffffffff831681101561343f576040517f6f483d090000000000000000000000000000000000000000000000000000000081526bffffffffffffffffffffffff8416600482015260248101829052604401611422565b6001600160a01b038416613481576040517fb6d9900a0000000000000000000000000000000000000000000000000000000081525f6004820152602401611422565b50604080518082019091526001600160a01b039093168084526bffffffffffffffffffffffff909216602090930183905274010000000000000000000000000000000000000000909202179055565b5f807ff0c57e16840df040f15088dc2f81fe391c3923bec73e23a9662efc9c229c6a00610f85565b613500614859565b611fab81614897565b6122a2614859565b5f61351c8383613d1b565b905080158061354c57507f0100000000000000000000000000000000000000000000000000000000000000811615155b15610f85576040517f7e27328900000000000000000000000000000000000000000000000000000000815260048101839052602401611422565b5f82815260078401602090815260408083208151808301909252546001600160a01b038116825263ffffffff740100000000000000000000000000000000000000009091048116928201839052909160a085901c909116146135e8575f612aaa565b51949350505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f61361d8285613511565b9050336001600160a01b0382161461366a576040517f58a5e22200000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611422565b8215157f0200000000000000000000000000000000000000000000000000000000000000821615150361369d5750505050565b821580156136d757505f8481527f22e18e89e706a3313407aac264a44d454458143ec0fed6da6a15e73989438900602052604090205460ff165b15613711576040517fb2330cf200000000000000000000000000000000000000000000000000000000815260048101859052602401611422565b61373f8285837f02000000000000000000000000000000000000000000000000000000000000008518614472565b821561377d576040518481527f032bc66be43dbccb7487781d168eb7bda224628a3b2c3388bdf69b532a3a16119060200160405180910390a1611f9b565b6040518481527ff27b6ce5b2f5e68ddb2fd95a8a909d4ecf1daaac270935fff052feacb24f18429060200160405180910390a150505050565b6001600160a01b038481165f90815260068701602052604080822080545f190190559185168082529190208054600101905561384e908690849084907fffffffffffffffff000000000000000000000000000000000000000000000000821674010000000000000000000000000000000000000000830177ffffffff0000000000000000000000000000000000000000161717614472565b81836001600160a01b0316856001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef60405160405180910390a45050505050565b8054336001600160a01b038216146138dc576040517f361c31f2000000000000000000000000000000000000000000000000000000008152336004820152602401611422565b919050565b6001600160a01b038316613923576040517f64a0ae920000000000000000000000000000000000000000000000000000000081525f6004820152602401611422565b7f8000000000000000000000000000000000000000000000000000000000000000821061397f576040517f63332a7c00000000000000000000000000000000000000000000000000000000815260048101839052602401611422565b5f828152600586016020526040902054156139c9576040517f8b474e5400000000000000000000000000000000000000000000000000000000815260048101839052602401611422565b806139dd57826001600160a01b0316613a0a565b7f0200000000000000000000000000000000000000000000000000000000000000836001600160a01b0316175b5f8381526005870160209081526040808320939093556001600160a01b038616808352600689019091528282208054600101905574010000000000000000000000000000000000000000870188559151849291907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef908290a48015613abd576040518281527f032bc66be43dbccb7487781d168eb7bda224628a3b2c3388bdf69b532a3a16119060200160405180910390a15b5050505050565b7f0200000000000000000000000000000000000000000000000000000000000000811615613b21576040517f886574b200000000000000000000000000000000000000000000000000000000815260048101839052602401611422565b6001600160a01b0383165f908152600685016020526040902080545f1901905583547fffffffffffffffffffffffff0000000000000000000000000000000000000000018455613bea8483837f010000000000000000000000000000000000000000000000000000000000000077ffffffff0000000000000000000000000000000000000000740100000000000000000000000000000000000000008301167fffffffffffffffff00000000ffffffffffffffffffffffffffffffffffffffff83161717614472565b60405182905f906001600160a01b038616907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef908390a450505050565b5f8281526009840160205260409020805467ffffffffffffffff6801000000000000000090910481169083161015613cb55780546040517f84f733bf000000000000000000000000000000000000000000000000000000008152600481018590526801000000000000000090910467ffffffffffffffff908116602483015283166044820152606401611422565b80547fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000001667ffffffffffffffff8316908117825560405190815283907fd89dfb366053a485a36d46d3c122be35fe10919e3f12c48262b398b60bec324590602001612ecf565b5f81815260058301602052604090205480158015613d5857507f800000000000000000000000000000000000000000000000000000000000000082115b8015613da457506001830154613da0906fffffffffffffffffffffffffffffffff167f80000000000000000000000000000000000000000000000000000000000000006155c1565b8211155b15610f8557815b5f19015f81815260058501602052604090205491508115613dab57507effffffffffffff00000000ffffffffffffffffffffffffffffffffffffffff1692915050565b7fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b006127106bffffffffffffffffffffffff8316811015613e78576040517fdfd1fc1b000000000000000000000000000000000000000000000000000000008152600481018690526bffffffffffffffffffffffff8416602482015260448101829052606401611422565b6001600160a01b038416613ec1576040517f969f0852000000000000000000000000000000000000000000000000000000008152600481018690525f6024820152604401611422565b506040805180820182526001600160a01b0394851681526bffffffffffffffffffffffff93841660208083019182525f978852600190940190935294209351905190911674010000000000000000000000000000000000000000029116179055565b7f9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c19930080547fffffffffffffffffffffffff000000000000000000000000000000000000000081166001600160a01b03848116918217845560405192169182907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a3505050565b5f81421115613fe9576040517f3d91b05f00000000000000000000000000000000000000000000000000000000815260048101839052602401611422565b82341461402b576040517f0d35e92100000000000000000000000000000000000000000000000000000000815260048101849052346024820152604401611422565b5087545f6140e26140da61403f8b8b61489f565b604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f81527fa1d1060cd95510865129de3bed201744b6206260bd33306b109c794016cdf704602082019081527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc692820192835246606083015230608083015260a08220611901835290529190526042601e9091012090565b888888614821565b90506001600160a01b038116158061410c5750816001600160a01b0316816001600160a01b031614155b1561414e576040517fbf18af430000000000000000000000000000000000000000000000000000000081526001600160a01b0382166004820152602401611422565b5098975050505050505050565b805f03614166575050565b6001600160a01b0382166141a6576040517fb942d92000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b5f826001600160a01b0316826040515f6040518083038185875af1925050503d805f81146141ef576040519150601f19603f3d011682016040523d82523d5f602084013e6141f4565b606091505b5050905080611ea4576040517f36899e480000000000000000000000000000000000000000000000000000000081526001600160a01b0384166004820152602401611422565b6001600160a01b0383163b15613abd576040517f150b7a020000000000000000000000000000000000000000000000000000000081526001600160a01b0384169063150b7a02906142959088908890879087906004016156d4565b6020604051808303815f875af19250505080156142cf575060408051601f3d908101601f191682019092526142cc91810190615714565b60015b61434f573d8080156142fc576040519150601f19603f3d011682016040523d82523d5f602084013e614301565b606091505b5080515f03614347576040517f64a0ae920000000000000000000000000000000000000000000000000000000081526001600160a01b0385166004820152602401611422565b805160208201fd5b7fffffffff0000000000000000000000000000000000000000000000000000000081167f150b7a020000000000000000000000000000000000000000000000000000000014611d70576040517f64a0ae920000000000000000000000000000000000000000000000000000000081526001600160a01b0385166004820152602401611422565b60605f6143e1836148c3565b60010190505f8167ffffffffffffffff8111156144005761440061504d565b6040519080825280601f01601f19166020018201604052801561442a576020820181803683370190505b5090508181016020015b5f19017f3031323334353637383961626364656600000000000000000000000000000000600a86061a8153600a850494508461443457509392505050565b5f83815260058501602052604090208190557effffffffffffff000000000000000000000000000000000000000000000000821615611f9b57600183015f818152600586016020526040902054158015614504575060018501546fffffffffffffffffffffffffffffffff167f8000000000000000000000000000000000000000000000000000000000000000018111155b15613abd575f81815260058601602052604090207effffffffffffff00000000ffffffffffffffffffffffffffffffffffffffff841690555050505050565b604080517f425bf77d5ddbbf66928ff442b4f5fee20c1ea0cfa03a76f6bbaabe0a007220e060208201526001600160a01b038616918101919091526060810184905263ffffffff8316608082015260a081018290525f90612aaa9060c001610fc2565b6145b6604085016020860161572f565b67ffffffffffffffff16421015614616576145d7604085016020860161572f565b6040517fb2f9bd5700000000000000000000000000000000000000000000000000000000815267ffffffffffffffff9091166004820152602401611422565b5f614627606086016040870161572f565b905067ffffffffffffffff81161580159061464c57508067ffffffffffffffff164210155b1561468f576040517f805e4c3600000000000000000000000000000000000000000000000000000000815267ffffffffffffffff82166004820152602401611422565b6080850135801561473457604080516001600160a01b03871660208201525f910160408051601f19818403018152828252805160209182012090830152016040516020818303038152906040528051906020012090506146f1858584846149a4565b614732576040517f6f7a52750000000000000000000000000000000000000000000000000000000081526001600160a01b0387166004820152602401611422565b505b5f6147456080880160608901615748565b905063ffffffff8116156148185786355f9081527ffb48bd92556e31eee33ac0a2d3d7b60651bf5f4c55df2aa53aa3ad1347c23000602090815260408083206001600160a01b038a168452918290529091205463ffffffff831681106147ee576040517fd1e8b1200000000000000000000000000000000000000000000000000000000081526001600160a01b038916600482015263ffffffff84166024820152604401611422565b6147f98160016155c1565b6001600160a01b0389165f908152602093909352604090922091909155505b50505050505050565b5f60405185815260ff8516602082015283604082015282606082015260205f60808360015afa50505f513d6020140295945050505050565b6148616149bb565b6122a2576040517fd7e6bcf800000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b612ee5614859565b5f6040518381528260051b606460208301378260051b602001812091505092915050565b5f807a184f03e93ff9f4daa797ed6e38ed64bf6a1f010000000000000000831061490b577a184f03e93ff9f4daa797ed6e38ed64bf6a1f010000000000000000830492506040015b6d04ee2d6d415b85acef81000000008310614937576d04ee2d6d415b85acef8100000000830492506020015b662386f26fc10000831061495557662386f26fc10000830492506010015b6305f5e100831061496d576305f5e100830492506008015b612710831061498157612710830492506004015b60648310614993576064830492506002015b600a8310610f855760010192915050565b5f826149b18686856149d9565b1495945050505050565b5f6149c46134d0565b5468010000000000000000900460ff16919050565b5f81815b84811015614a1157614a07828787848181106149fb576149fb615761565b90506020020135614a1a565b91506001016149dd565b50949350505050565b5f818310614a34575f828152602084905260409020611379565b505f9182526020526040902090565b7fffffffff0000000000000000000000000000000000000000000000000000000081168114611fab575f5ffd5b5f60208284031215614a80575f5ffd5b813561137981614a43565b5f6101608284031215614a9c575f5ffd5b50919050565b5f6101608284031215614ab3575f5ffd5b6113798383614a8b565b80356001600160a01b03811681146138dc575f5ffd5b80356bffffffffffffffffffffffff811681146138dc575f5ffd5b5f5f60408385031215614aff575f5ffd5b614b0883614abd565b9150614b1660208401614ad3565b90509250929050565b5f81518084528060208401602086015e5f602082860101526020601f19601f83011685010191505092915050565b602081525f6113796020830184614b1f565b5f5f83601f840112614b6f575f5ffd5b50813567ffffffffffffffff811115614b86575f5ffd5b602083019150836020828501011115611e67575f5ffd5b5f5f5f5f5f60608688031215614bb1575f5ffd5b853567ffffffffffffffff811115614bc7575f5ffd5b614bd388828901614b5f565b909650945050602086013567ffffffffffffffff811115614bf2575f5ffd5b614bfe88828901614b5f565b9094509250614c11905060408701614abd565b90509295509295909350565b5f60208284031215614c2d575f5ffd5b5035919050565b5f5f60408385031215614c45575f5ffd5b614c4e83614abd565b946020939093013593505050565b803580151581146138dc575f5ffd5b5f5f60408385031215614c7c575f5ffd5b82359150614b1660208401614c5c565b5f5f5f60408486031215614c9e575f5ffd5b83359250602084013567ffffffffffffffff811115614cbb575f5ffd5b614cc786828701614b5f565b9497909650939450505050565b5f5f60408385031215614ce5575f5ffd5b50508035926020909101359150565b5f60208284031215614d04575f5ffd5b61137982614c5c565b5f5f5f60608486031215614d1f575f5ffd5b614d2884614abd565b9250614d3660208501614abd565b929592945050506040919091013590565b803567ffffffffffffffff811681146138dc575f5ffd5b5f5f5f60608486031215614d70575f5ffd5b614d7984614abd565b925060208401359150614d8e60408501614d47565b90509250925092565b5f5f5f60608486031215614da9575f5ffd5b83359250614db960208501614abd565b9150614d8e60408501614ad3565b5f5f60208385031215614dd8575f5ffd5b823567ffffffffffffffff811115614dee575f5ffd5b614dfa85828601614b5f565b90969095509350505050565b5f60208284031215614e16575f5ffd5b61137982614abd565b5f5f5f5f5f5f5f60e0888a031215614e35575f5ffd5b614e3e88614abd565b96506020880135955060408801359450614e5a60608901614abd565b9350614e6860808901614c5c565b925060a08801359150614e7d60c08901614d47565b905092959891949750929550565b803560ff811681146138dc575f5ffd5b5f5f5f5f5f5f5f5f5f5f6101408b8d031215614eb5575f5ffd5b614ebe8b614e8b565b995060208b0135985060408b01359750614eda60608c01614abd565b965060808b0135955060a08b01359450614ef660c08c01614abd565b9350614f0460e08c01614c5c565b92506101008b01359150614f1b6101208c01614d47565b90509295989b9194979a5092959850565b5f5f60408385031215614f3d575f5ffd5b82359150614b1660208401614abd565b5f5f5f5f5f5f5f5f5f6101208a8c031215614f66575f5ffd5b614f6f8a614e8b565b985060208a0135975060408a01359650614f8b60608b01614abd565b955060808a0135945060a08a01359350614fa760c08b01614abd565b9250614fb560e08b01614c5c565b989b979a5095989497939692955090936101000135919050565b5f5f60408385031215614fe0575f5ffd5b614fe983614abd565b9150614b1660208401614c5c565b5f5f5f5f6060858703121561500a575f5ffd5b8435935061501a60208601614abd565b9250604085013567ffffffffffffffff811115615035575f5ffd5b61504187828801614b5f565b95989497509550505050565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b5f5f5f5f6080858703121561508d575f5ffd5b61509685614abd565b93506150a460208601614abd565b925060408501359150606085013567ffffffffffffffff8111156150c6575f5ffd5b8501601f810187136150d6575f5ffd5b803567ffffffffffffffff8111156150f0576150f061504d565b604051601f19603f601f19601f8501160116810181811067ffffffffffffffff821117156151205761512061504d565b604052818152828201602001891015615137575f5ffd5b816020840160208301375f6020838301015280935050505092959194509250565b5f5f5f5f5f5f60c0878903121561516d575f5ffd5b61517687614abd565b9550602087013594506040870135935061519260608801614abd565b92506151a060808801614c5c565b9598949750929591949360a090920135925050565b5f5f604083850312156151c6575f5ffd5b82359150614b1660208401614d47565b5f5f604083850312156151e7575f5ffd5b6151f083614abd565b9150614b1660208401614abd565b5f5f5f60608486031215615210575f5ffd5b61521984614abd565b95602085013595506040909401359392505050565b5f5f5f5f5f5f6101e08789031215615244575f5ffd5b61524d87614e8b565b9550602087013594506040870135935061526a8860608901614a8b565b92506101c087013567ffffffffffffffff811115615286575f5ffd5b8701601f81018913615296575f5ffd5b803567ffffffffffffffff8111156152ac575f5ffd5b8960208260051b84010111156152c0575f5ffd5b60208201935080925050509295509295509295565b5f5f5f5f5f5f60c087890312156152ea575f5ffd5b6152f387614e8b565b9550602087013594506040870135935061530f60608801614abd565b9598949750929560808101359460a0909101359350915050565b803563ffffffff811681146138dc575f5ffd5b82815261018081016001600160a01b0361535584614abd565b1660208301525f60208401359050806040840152505f60408401359050806060840152506001600160a01b0361538d60608501614abd565b16608083015261539f60808401614c5c565b151560a08301525f60a084013590508060c0840152505f60c084013590508060e08401525067ffffffffffffffff6153d960e08501614d47565b1661010083015267ffffffffffffffff6153f66101008501614d47565b1661012083015263ffffffff61540f6101208501615329565b1661014083810191909152929092013561016090910152919050565b600181811c9082168061543f57607f821691505b602082108103614a9c577f4e487b71000000000000000000000000000000000000000000000000000000005f52602260045260245ffd5b601f821115611ea457805f5260205f20601f840160051c8101602085101561549b5750805b601f840160051c820191505b81811015613abd575f81556001016154a7565b67ffffffffffffffff8311156154d2576154d261504d565b6154e6836154e0835461542b565b83615476565b5f601f841160018114615517575f85156155005750838201355b5f19600387901b1c1916600186901b178355613abd565b5f83815260208120601f198716915b828110156155465786850135825560209485019460019092019101615526565b5086821015615562575f1960f88860031b161c19848701351681555b505060018560011b0183555050505050565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b67ffffffffffffffff8281168282160390811115610f8557610f85615574565b80820180821115610f8557610f85615574565b5f6fffffffffffffffffffffffffffffffff82166fffffffffffffffffffffffffffffffff810361560757615607615574565b60010192915050565b8082028115828204841417610f8557610f85615574565b5f8261565a577f4e487b71000000000000000000000000000000000000000000000000000000005f52601260045260245ffd5b500490565b60208152816020820152818360408301375f818301604090810191909152601f909201601f19160101919050565b5f81518060208401855e5f93019283525090919050565b5f612da76156b2838661568d565b8461568d565b63ffffffff8281168282160390811115610f8557610f85615574565b6001600160a01b03851681526001600160a01b0384166020820152826040820152608060608201525f61570a6080830184614b1f565b9695505050505050565b5f60208284031215615724575f5ffd5b815161137981614a43565b5f6020828403121561573f575f5ffd5b61137982614d47565b5f60208284031215615758575f5ffd5b61137982615329565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52603260045260245ffdfea2646970667358221220394a5587c6dd15b62b1c76756fa01ebaa74396bf84dc5784fe7b27b2c476f96d64736f6c634300081c0033';

/** Runtime bytecode, as returned by eth_getCode once deployed. */
export const nftCodeDeployedBytecode: `0x${string}` = '0x608060405260043610610401575f3560e01c806370a082311161021d578063b9ccbfe211610122578063e985e9c5116100b7578063f698da2511610087578063fca3b5aa1161006d578063fca3b5aa14610dfb578063fd89a20e14610e1a578063ffaf24d614610e2d575f5ffd5b8063f698da2514610d0e578063fc2f5e6714610dc1575f5ffd5b8063e985e9c514610c4b578063eab64c4814610cb1578063f2cefb1314610cd0578063f2fde38b14610cef575f5ffd5b8063cbab5c0b116100f2578063cbab5c0b14610bbb578063d65a06b014610bda578063d7766e7914610bf9578063dfb4b1fd14610c18575f5ffd5b8063b9ccbfe214610afe578063c053b02114610b5e578063c47f002714610b7d578063c87b56dd14610b9c575f5ffd5b806392a459b1116101b2578063a804e80711610182578063b45a3c0e11610168578063b45a3c0e14610aa1578063b84c824614610ac0578063b88d4fde14610adf575f5ffd5b8063a804e80714610a6e578063aa1b103f14610a8d575f5ffd5b806392a459b114610a1357806395d89b4114610a285780639b5bbe3114610a3c578063a22cb46514610a4f575f5ffd5b80637fa8d258116101ed5780637fa8d2581461094557806388e75776146109585780638a616bc0146109b85780638da5cb5b146109d7575f5ffd5b806370a08231146108a6578063715018a6146108c55780637b6420ed146108d95780637ed0f1c1146108f8575f5ffd5b8063318db497116103235780634f21b969116102b85780635944c753116102885780636352211e1161026e5780636352211e14610834578063664aa26b146108535780636e303cad14610872575f5ffd5b80635944c753146107f65780635ff99d3314610815575f5ffd5b80634f21b969146107905780634f558e79146107af5780635001f3b5146107ce57806350d43cd1146107e2575f5ffd5b806342966c68116102f357806342966c68146107205780634bb9a4821461073f5780634cee68fb1461075e5780634ed6aa961461077d575f5ffd5b8063318db4971461067a5780633c45ef7e1461068e57806340c10f19146106e257806342842e0e14610701575f5ffd5b80630a3cc989116103995780631c006ebe116103695780631c006ebe146105df57806322bf23fa146105fe57806323b872dd1461061d5780632a55205a1461063c575f5ffd5b80630a3cc9891461054c578063162094c41461056b57806318160ddd1461058a5780631ba3c6b9146105c0575f5ffd5b806307546172116103d457806307546172146104a8578063077f224a146104ef578063081812fc1461050e578063095ea7b31461052d575f5ffd5b806301ffc9a7146104055780630206c78e1461043957806304634d8d1461046657806306fdde0314610487575b5f5ffd5b348015610410575f5ffd5b5061042461041f366004614a70565b610e4c565b60405190151581526020015b60405180910390f35b348015610444575f5ffd5b50610458610453366004614aa2565b610f8b565b604051908152602001610430565b348015610471575f5ffd5b50610485610480366004614aee565b611070565b005b348015610492575f5ffd5b5061049b611086565b6040516104309190614b4d565b3480156104b3575f5ffd5b507fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000545b6040516001600160a01b039091168152602001610430565b3480156104fa575f5ffd5b50610485610509366004614b9d565b611138565b348015610519575f5ffd5b506104d7610528366004614c1d565b611343565b348015610538575f5ffd5b50610485610547366004614c34565b611380565b348015610557575f5ffd5b50610485610566366004614c6b565b6114e6565b348015610576575f5ffd5b50610485610585366004614c8c565b6114f0565b348015610595575f5ffd5b507fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005460a01c610458565b3480156105cb575f5ffd5b506104586105da366004614c1d565b611594565b3480156105ea575f5ffd5b506104856105f9366004614cd4565b61163b565b348015610609575f5ffd5b50610485610618366004614cf4565b611a65565b348015610628575f5ffd5b50610485610637366004614d0d565b611b93565b348015610647575f5ffd5b5061065b610656366004614cd4565b611d78565b604080516001600160a01b039093168352602083019190915201610430565b348015610685575f5ffd5b50610458600281565b348015610699575f5ffd5b506104586106a8366004614c1d565b5f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd009602052604090205467ffffffffffffffff1690565b3480156106ed575f5ffd5b506104856106fc366004614c34565b611e6e565b34801561070c575f5ffd5b5061048561071b366004614d0d565b611ea9565b34801561072b575f5ffd5b5061048561073a366004614c1d565b611ec3565b34801561074a575f5ffd5b50610485610759366004614c1d565b611fa1565b348015610769575f5ffd5b50610485610778366004614d5e565b611fae565b348015610788575f5ffd5b506002610458565b34801561079b575f5ffd5b506104246107aa366004614c1d565b611fef565b3480156107ba575f5ffd5b506104246107c9366004614c1d565b612043565b3480156107d9575f5ffd5b5061049b6120a5565b3480156107ed575f5ffd5b5061045860c881565b348015610801575f5ffd5b50610485610810366004614d97565b6120d6565b348015610820575f5ffd5b5061045861082f366004614c1d565b6120e9565b34801561083f575f5ffd5b506104d761084e366004614c1d565b61214a565b34801561085e575f5ffd5b5061048561086d366004614dc7565b612175565b34801561087d575f5ffd5b5061089161088c366004614c1d565b6121e0565b60405163ffffffff9091168152602001610430565b3480156108b1575f5ffd5b506104586108c0366004614e06565b612214565b3480156108d0575f5ffd5b50610485612291565b3480156108e4575f5ffd5b506104586108f3366004614e1f565b6122a4565b348015610903575f5ffd5b50610424610912366004614c1d565b5f9081527f22e18e89e706a3313407aac264a44d454458143ec0fed6da6a15e73989438900602052604090205460ff1690565b610485610953366004614e9b565b612331565b348015610963575f5ffd5b50610458610972366004614f2c565b5f9182527ffb48bd92556e31eee33ac0a2d3d7b60651bf5f4c55df2aa53aa3ad1347c23000602090815260408084206001600160a01b0393909316845291905290205490565b3480156109c3575f5ffd5b506104856109d2366004614c1d565b6123b6565b3480156109e2575f5ffd5b507f9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c199300546001600160a01b03166104d7565b348015610a1e575f5ffd5b506104586101f481565b348015610a33575f5ffd5b5061049b6123ed565b610485610a4a366004614f4d565b61241e565b348015610a5a575f5ffd5b50610485610a69366004614fcf565b612497565b348015610a79575f5ffd5b50610485610a88366004614ff7565b612581565b348015610a98575f5ffd5b50610485612796565b348015610aac575f5ffd5b50610424610abb366004614c1d565b6127c6565b348015610acb575f5ffd5b50610485610ada366004614dc7565b612811565b348015610aea575f5ffd5b50610485610af936600461507a565b612877565b348015610b09575f5ffd5b50610458610b18366004614c1d565b5f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd009602052604090205468010000000000000000900467ffffffffffffffff1690565b348015610b69575f5ffd5b50610485610b78366004614c1d565b61288f565b348015610b88575f5ffd5b50610485610b97366004614dc7565b61289a565b348015610ba7575f5ffd5b5061049b610bb6366004614c1d565b612900565b348015610bc6575f5ffd5b50610458610bd5366004615158565b612ab3565b348015610be5575f5ffd5b50610485610bf4366004614c6b565b612b2e565b348015610c04575f5ffd5b50610485610c133660046151b5565b612d2c565b348015610c23575f5ffd5b506104587f800000000000000000000000000000000000000000000000000000000000000081565b348015610c56575f5ffd5b50610424610c653660046151d6565b6001600160a01b039182165f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0086020908152604080832093909416825291909152205460ff1690565b348015610cbc575f5ffd5b50610458610ccb3660046151fe565b612d6d565b348015610cdb575f5ffd5b50610485610cea366004614c6b565b612daf565b348015610cfa575f5ffd5b50610485610d09366004614e06565b612edd565b348015610d19575f5ffd5b50610458604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201527fa1d1060cd95510865129de3bed201744b6206260bd33306b109c794016cdf704918101919091527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc660608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b348015610dcc575f5ffd5b506104247fcb93908d0ae7f87ff3dfc8b209db14f9278f57be2892262c3d254834af14c8005460ff1660011490565b348015610e06575f5ffd5b50610485610e15366004614e06565b612f30565b610485610e2836600461522e565b612fc8565b348015610e38575f5ffd5b50610485610e473660046152d5565b61307e565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f80ac58cd000000000000000000000000000000000000000000000000000000001480610ede57507fffffffff0000000000000000000000000000000000000000000000000000000082167f5b5e139f00000000000000000000000000000000000000000000000000000000145b80610f2a57507fffffffff0000000000000000000000000000000000000000000000000000000082167f4906490600000000000000000000000000000000000000000000000000000000145b80610f7657507fffffffff0000000000000000000000000000000000000000000000000000000082167fb45a3c0e00000000000000000000000000000000000000000000000000000000145b80610f855750610f85826132b2565b92915050565b5f610f857f236b6299a069b46a63ba74e89da4ce11b20645c6212bb8df36cfcccc35e919c183604051602001610fc292919061533c565b60408051601f1981840301815282825280516020918201207f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f84527fa1d1060cd95510865129de3bed201744b6206260bd33306b109c794016cdf7049184019182527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc692840192835246606085015230608085015260a08420611901855290915290526042601e9091012090565b611078613348565b61108282826133bc565b5050565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00060020180546110b79061542b565b80601f01602080910402602001604051908101604052809291908181526020018280546110e39061542b565b801561112e5780601f106111055761010080835404028352916020019161112e565b820191905f5260205f20905b81548152906001019060200180831161111157829003601f168201915b5050505050905090565b5f6111416134d0565b805490915060ff68010000000000000000820416159067ffffffffffffffff165f8115801561116d5750825b90505f8267ffffffffffffffff1660011480156111895750303b155b905081158015611197575080155b156111ce576040517ff92ee8a900000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b84547fffffffffffffffffffffffffffffffffffffffffffffffff0000000000000000166001178555831561122f5784547fffffffffffffffffffffffffffffffffffffffffffffff00ffffffffffffffff16680100000000000000001785555b611238866134f8565b611240613509565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0007fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00261128d8b8d836154ba565b506003810161129d898b836154ba565b506001600160a01b0387168082556040515f907f3b0007eb941cf645526cbb3a4fdaecda9d28ce4843167d9263b536a1f1edc0f6908290a35083156113375784547fffffffffffffffffffffffffffffffffffffffffffffff00ffffffffffffffff168555604051600181527fc7f505b2f371ae2175ee4913f4499e1f2633a7b5936321eed1cdaeb6115181d29060200160405180910390a15b50505050505050505050565b5f7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061137981846113748282613511565b613586565b9392505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6113ac8284613511565b905080336001600160a01b038216148015906113ed57506001600160a01b0381165f908152600884016020908152604080832033845290915290205460ff16155b1561142b576040517fa9fbf51f0000000000000000000000000000000000000000000000000000000081523360048201526024015b60405180910390fd5b6040805180820182526001600160a01b0380881680835263ffffffff60a087901c811660208086019182525f8b815260078b0190915286812095518654925190931674010000000000000000000000000000000000000000027fffffffffffffffff00000000000000000000000000000000000000000000000090921692851692909217179093559251879392918516917f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92591a45050505050565b61108282826135f1565b6114f8613348565b6115237fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005b84613511565b505f8381527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00b6020526040902061155b8284836154ba565b506040518381527ff8e1a15aba9398e019f0b49df1a4fde98ee17ae345cb5f6b5e2c27f5033e8ce79060200160405180910390a1505050565b5f7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0008160c07effffffffffffff0000000000000000000000000000000000000000000000006115e38487613511565b16901c9050805f03611624576040517f05120e7d00000000000000000000000000000000000000000000000000000000815260048101859052602401611422565b5f908152600a909101602052604090205492915050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6116678285613511565b90506001600160a01b03811633146116b4576040517f58a5e22200000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611422565b8215806116c257506101f483115b156116fc576040517fcfb7619500000000000000000000000000000000000000000000000000000000815260048101849052602401611422565b5f84815260098301602090815260408083208151606081018352905467ffffffffffffffff80821680845268010000000000000000830490911694830185905270010000000000000000000000000000000090910466ffffffffffffff1692820192909252929161176c916155a1565b67ffffffffffffffff169050808511156117c3576040517f67feff78000000000000000000000000000000000000000000000000000000008152600481018790526024810182905260448101869052606401611422565b60018401545f90611806906fffffffffffffffffffffffffffffffff167f80000000000000000000000000000000000000000000000000000000000000006155c1565b6118119060016155c1565b9050826040015166ffffffffffffff165f036118ac5760018501805460109061185f9070010000000000000000000000000000000090046fffffffffffffffffffffffffffffffff166155d4565b82546fffffffffffffffffffffffffffffffff8083166101009490940a938402930219169190911790915566ffffffffffffff1660408085018290525f918252600a870160205290208790555b6020808401805167ffffffffffffffff908901811682526001880180546fffffffffffffffffffffffffffffffff8082168c01167fffffffffffffffffffffffffffffffff0000000000000000000000000000000091821617909155885460a08b901b018955335f81815260068b018652604080822080548e0190558d825260098c01909652858120895181549651978b015166ffffffffffffff8116700100000000000000000000000000000000027fffffffffffffffffff00000000000000ffffffffffffffffffffffffffffffff99881668010000000000000000029890961691909616179590951795909516919091179092557effffffffffffff00000000000000000000000000000000000000000000000060c09190911b1617905b87811015611a5a57828101600f82165f036119f5575f81815260058901602052604090208390555b604051819033905f907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef908290a46040518a90829033907f2b454cbdeff241cd25d59da784b21a0005a93b11db07d2c14bda1ca9f25f2f60905f90a4506001016119cd565b505050505050505050565b611a6d613348565b7fcb93908d0ae7f87ff3dfc8b209db14f9278f57be2892262c3d254834af14c8008115611b2f57805460ff1660021480611aca57507fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005460a01c15155b15611b01576040517f1f25315300000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b80547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00166001178155611b59565b80547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660021781555b60405182151581527fd2afdff98d440b55a10b6d94ab87a8b1c98fcb9a7906a4579f443e40795fe75e906020015b60405180910390a15050565b6001600160a01b038216611bd5576040517f64a0ae920000000000000000000000000000000000000000000000000000000081525f6004820152602401611422565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f611c018284613511565b905080336001600160a01b03821614801590611c4257506001600160a01b0381165f908152600884016020908152604080832033845290915290205460ff16155b8015611c61575033611c55848685613586565b6001600160a01b031614155b15611ca1576040517f177e802f00000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611422565b856001600160a01b0316816001600160a01b031614611d06576040517f64283d7b0000000000000000000000000000000000000000000000000000000081526001600160a01b0380881660048301526024820186905282166044820152606401611422565b7f0200000000000000000000000000000000000000000000000000000000000000821615611d63576040517f886574b200000000000000000000000000000000000000000000000000000000815260048101859052602401611422565b611d7083828787866137b6565b505050505050565b5f8281527fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b0160205260408120805482917fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b00916001600160a01b038116907401000000000000000000000000000000000000000090046bffffffffffffffffffffffff1681611e3657505081546001600160a01b038116907401000000000000000000000000000000000000000090046bffffffffffffffffffffffff165b5f612710611e526bffffffffffffffffffffffff84168a615610565b611e5c9190615627565b929650919450505050505b9250929050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000611ea481611e9c81613896565b85855f6138e1565b505050565b611ea483838360405180602001604052805f815250612877565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f611eef8284613511565b905080336001600160a01b03821614801590611f3057506001600160a01b0381165f908152600884016020908152604080832033845290915290205460ff16155b8015611f4f575033611f43848685613586565b6001600160a01b031614155b15611f8f576040517f177e802f00000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611422565b611f9b83828685613ac4565b50505050565b611fab815f6135f1565b50565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000611fe481611fdc81613896565b86865f6138e1565b611f9b818484613c27565b5f7f040000000000000000000000000000000000000000000000000000000000000061203a7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061151d565b16151592915050565b5f806120707fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005b84613d1b565b9050801580159061137957507f0100000000000000000000000000000000000000000000000000000000000000161592915050565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00060040180546110b79061542b565b6120de613348565b611ea4838383613dee565b5f8181527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0096020526040812080546121399067ffffffffffffffff680100000000000000008204811691166155a1565b67ffffffffffffffff169392505050565b5f610f857fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00083613511565b61217d613348565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0046121a98284836154ba565b50604080515f81525f1960208201527f6bd5c950a8d8df17f772f5af37cb3655737899cbf903264b9795592da439661c9101611b87565b5f60a061220c7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061206a565b901c92915050565b5f6001600160a01b038216612257576040517f89c62b640000000000000000000000000000000000000000000000000000000081525f6004820152602401611422565b506001600160a01b03165f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd006602052604090205490565b612299613348565b6122a25f613f23565b565b604080517f1dce203b37ee9fa9f5f3fde84344648fb962776dceae9b4371d09f75cba783ce60208201526001600160a01b03808a1692820192909252606081018890526080810187905290851660a082015283151560c082015260e0810183905267ffffffffffffffff82166101008201525f906123259061012001610fc2565b98975050505050505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f612384827f1dce203b37ee9fa9f5f3fde84344648fb962776dceae9b4371d09f75cba783ce60078f8f8f8d8b613fab565b905061239382828b8b896138e1565b61239e828985613c27565b6123a8868861415b565b505050505050505050505050565b6123be613348565b5f9081527fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b016020526040812055565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00060030180546110b79061542b565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f612471827fa547d18ed7eb1cfafa029eef65dc03ffe802aa8ac62f6aa62838574179efd2aa60068e8e8e8c8a613fab565b905061248082828a8a886138e1565b61248a858761415b565b5050505050505050505050565b6001600160a01b0382166124d9576040517f5b08ba180000000000000000000000000000000000000000000000000000000081525f6004820152602401611422565b335f8181527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd008602090815260408083206001600160a01b0387168085529083529281902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001686151590811790915590519081529192917f17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31910160405180910390a35050565b612589613348565b60017fcb93908d0ae7f87ff3dfc8b209db14f9278f57be2892262c3d254834af14c8005460ff16146125e7576040517fce4f24bb00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b808015806125f5575060c881115b1561262f576040517fe776efe200000000000000000000000000000000000000000000000000000000815260048101829052602401611422565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f61265b8288613511565b9050806001600160a01b03871615806126855750806001600160a01b0316876001600160a01b0316145b156126c7576040517f64a0ae920000000000000000000000000000000000000000000000000000000081526001600160a01b0388166004820152602401611422565b5f8881527f22e18e89e706a3313407aac264a44d454458143ec0fed6da6a15e73989438900602052604090205460ff1615612731576040517fb2330cf200000000000000000000000000000000000000000000000000000000815260048101899052602401611422565b61273e8382898b866137b6565b866001600160a01b0316816001600160a01b0316897fbaf29bc7d7391b118b9760aca585eac6623f1a8632d78a1d7914b6eab68487db898960405161278492919061565f565b60405180910390a45050505050505050565b61279e613348565b6122a25f7fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b0055565b5f7f020000000000000000000000000000000000000000000000000000000000000061203a7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061151d565b612819613348565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0036128458284836154ba565b507f57c940aa14b51ea5f96b7a2bea757ce355d996e2c5d7a3c68aff1c75a326269b8282604051611b8792919061565f565b612882848484611b93565b611f9b338585858561423a565b611fab8160016135f1565b6128a2613348565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0026128ce8284836154ba565b507f4737457377f528cc8afd815f73ecb8b05df80d047dbffc41c17750a4033592bc8282604051611b8792919061565f565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061292d8184613511565b505f838152600b82016020526040812080546129489061542b565b80601f01602080910402602001604051908101604052809291908181526020018280546129749061542b565b80156129bf5780601f10612996576101008083540402835291602001916129bf565b820191905f5260205f20905b8154815290600101906020018083116129a257829003601f168201915b5050505050905080515f146129d5579392505050565b5f8260040180546129e59061542b565b80601f0160208091040260200160405190810160405280929190818152602001828054612a119061542b565b8015612a5c5780601f10612a3357610100808354040283529160200191612a5c565b820191905f5260205f20905b815481529060010190602001808311612a3f57829003601f168201915b5050505050905080515f14612a9a5780612a75866143d5565b604051602001612a869291906156a4565b604051602081830303815290604052612aaa565b60405180602001604052805f8152505b95945050505050565b604080517fa547d18ed7eb1cfafa029eef65dc03ffe802aa8ac62f6aa62838574179efd2aa60208201526001600160a01b0380891692820192909252606081018790526080810186905290841660a082015282151560c082015260e081018290525f90612b239061010001610fc2565b979650505050505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f612b5a8285613511565b90506001600160a01b0381163314612ba7576040517f58a5e22200000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611422565b5f8481527f22e18e89e706a3313407aac264a44d454458143ec0fed6da6a15e73989438900602081905260409091205460ff1615612c14576040517fb2330cf200000000000000000000000000000000000000000000000000000000815260048101869052602401611422565b5f85815260208290526040902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660011790558315612c6157612c5c83338785613ac4565b612cec565b7f020000000000000000000000000000000000000000000000000000000000000082165f03612cec57612cb88386847f02000000000000000000000000000000000000000000000000000000000000008617614472565b6040518581527f032bc66be43dbccb7487781d168eb7bda224628a3b2c3388bdf69b532a3a16119060200160405180910390a15b6040518415158152339086907fb63c28e63a0c74e576e7c530da1542f956a1cfc7fb520af576f914e2874c644d9060200160405180910390a35050505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000612d5681613896565b50612d618184613511565b50611ea4818484613c27565b5f612da7848460a0612d9f7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00088613d1b565b901c85614543565b949350505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f612ddb8285613511565b9050336001600160a01b03821614801590612e00575081546001600160a01b03163314155b15612e40576040517fddd5ec9200000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611422565b612e9b82858386612e73577ffbffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff8516614472565b7f04000000000000000000000000000000000000000000000000000000000000008517614472565b837f250d8b5753a07e5d3e8c72eaa088a0a42785762c7021c574464f273171369aba84604051612ecf911515815260200190565b60405180910390a250505050565b612ee5613348565b6001600160a01b038116612f27576040517f1e4fbdf70000000000000000000000000000000000000000000000000000000081525f6004820152602401611422565b611fab81613f23565b612f38613348565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00080546040516001600160a01b0384811691908316907f3b0007eb941cf645526cbb3a4fdaecda9d28ce4843167d9263b536a1f1edc0f6905f90a37fffffffffffffffffffffffff0000000000000000000000000000000000000000166001600160a01b03909216919091179055565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00060408401355f613024837f236b6299a069b46a63ba74e89da4ce11b20645c6212bb8df36cfcccc35e919c1600b8c8c8c8860a08e0135613fab565b90505f6130346020880188614e06565b90506130458760c0018288886145a6565b61306584838360208b013561306060a08d0160808e01614cf4565b6138e1565b6113376130786080890160608a01614e06565b8461415b565b804211156130bb576040517f3d91b05f00000000000000000000000000000000000000000000000000000000815260048101829052602401611422565b6001600160a01b0383166130fd576040517f64a0ae920000000000000000000000000000000000000000000000000000000081525f6004820152602401611422565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6131298285613511565b90507f0200000000000000000000000000000000000000000000000000000000000000811615613188576040517f886574b200000000000000000000000000000000000000000000000000000000815260048101859052602401611422565b60a081901c5f6131a561319d88888589614543565b8b8b8b614821565b84549091506001600160a01b03821615806131d25750806001600160a01b0316826001600160a01b031614155b156132a5576001600160a01b038216158015906131f4575063ffffffff831615155b801561323157506001600160a01b03811661322661321e8a8a6132186001896156b8565b8b614543565b8d8d8d614821565b6001600160a01b0316145b15613268576040517f18b980b200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6040517fbf18af430000000000000000000000000000000000000000000000000000000081526001600160a01b0383166004820152602401611422565b61248a85858a8a886137b6565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f2a55205a000000000000000000000000000000000000000000000000000000001480610f8557507f01ffc9a7000000000000000000000000000000000000000000000000000000007fffffffff00000000000000000000000000000000000000000000000000000000831614610f85565b3361337a7f9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c199300546001600160a01b031690565b6001600160a01b0316146122a2576040517f118cdaa7000000000000000000000000000000000000000000000000000000008152336004820152602401611422565b7fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b006127106bffffffffffffffffffffffff831681101561343f576040517f6f483d090000000000000000000000000000000000000000000000000000000081526bffffffffffffffffffffffff8416600482015260248101829052604401611422565b6001600160a01b038416613481576040517fb6d9900a0000000000000000000000000000000000000000000000000000000081525f6004820152602401611422565b50604080518082019091526001600160a01b039093168084526bffffffffffffffffffffffff909216602090930183905274010000000000000000000000000000000000000000909202179055565b5f807ff0c57e16840df040f15088dc2f81fe391c3923bec73e23a9662efc9c229c6a00610f85565b613500614859565b611fab81614897565b6122a2614859565b5f61351c8383613d1b565b905080158061354c57507f0100000000000000000000000000000000000000000000000000000000000000811615155b15610f85576040517f7e27328900000000000000000000000000000000000000000000000000000000815260048101839052602401611422565b5f82815260078401602090815260408083208151808301909252546001600160a01b038116825263ffffffff740100000000000000000000000000000000000000009091048116928201839052909160a085901c909116146135e8575f612aaa565b51949350505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f61361d8285613511565b9050336001600160a01b0382161461366a576040517f58a5e22200000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611422565b8215157f0200000000000000000000000000000000000000000000000000000000000000821615150361369d5750505050565b821580156136d757505f8481527f22e18e89e706a3313407aac264a44d454458143ec0fed6da6a15e73989438900602052604090205460ff165b15613711576040517fb2330cf200000000000000000000000000000000000000000000000000000000815260048101859052602401611422565b61373f8285837f02000000000000000000000000000000000000000000000000000000000000008518614472565b821561377d576040518481527f032bc66be43dbccb7487781d168eb7bda224628a3b2c3388bdf69b532a3a16119060200160405180910390a1611f9b565b6040518481527ff27b6ce5b2f5e68ddb2fd95a8a909d4ecf1daaac270935fff052feacb24f18429060200160405180910390a150505050565b6001600160a01b038481165f90815260068701602052604080822080545f190190559185168082529190208054600101905561384e908690849084907fffffffffffffffff000000000000000000000000000000000000000000000000821674010000000000000000000000000000000000000000830177ffffffff0000000000000000000000000000000000000000161717614472565b81836001600160a01b0316856001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef60405160405180910390a45050505050565b8054336001600160a01b038216146138dc576040517f361c31f2000000000000000000000000000000000000000000000000000000008152336004820152602401611422565b919050565b6001600160a01b038316613923576040517f64a0ae920000000000000000000000000000000000000000000000000000000081525f6004820152602401611422565b7f8000000000000000000000000000000000000000000000000000000000000000821061397f576040517f63332a7c00000000000000000000000000000000000000000000000000000000815260048101839052602401611422565b5f828152600586016020526040902054156139c9576040517f8b474e5400000000000000000000000000000000000000000000000000000000815260048101839052602401611422565b806139dd57826001600160a01b0316613a0a565b7f0200000000000000000000000000000000000000000000000000000000000000836001600160a01b0316175b5f8381526005870160209081526040808320939093556001600160a01b038616808352600689019091528282208054600101905574010000000000000000000000000000000000000000870188559151849291907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef908290a48015613abd576040518281527f032bc66be43dbccb7487781d168eb7bda224628a3b2c3388bdf69b532a3a16119060200160405180910390a15b5050505050565b7f0200000000000000000000000000000000000000000000000000000000000000811615613b21576040517f886574b200000000000000000000000000000000000000000000000000000000815260048101839052602401611422565b6001600160a01b0383165f908152600685016020526040902080545f1901905583547fffffffffffffffffffffffff0000000000000000000000000000000000000000018455613bea8483837f010000000000000000000000000000000000000000000000000000000000000077ffffffff0000000000000000000000000000000000000000740100000000000000000000000000000000000000008301167fffffffffffffffff00000000ffffffffffffffffffffffffffffffffffffffff83161717614472565b60405182905f906001600160a01b038616907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef908390a450505050565b5f8281526009840160205260409020805467ffffffffffffffff6801000000000000000090910481169083161015613cb55780546040517f84f733bf000000000000000000000000000000000000000000000000000000008152600481018590526801000000000000000090910467ffffffffffffffff908116602483015283166044820152606401611422565b80547fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000001667ffffffffffffffff8316908117825560405190815283907fd89dfb366053a485a36d46d3c122be35fe10919e3f12c48262b398b60bec324590602001612ecf565b5f81815260058301602052604090205480158015613d5857507f800000000000000000000000000000000000000000000000000000000000000082115b8015613da457506001830154613da0906fffffffffffffffffffffffffffffffff167f80000000000000000000000000000000000000000000000000000000000000006155c1565b8211155b15610f8557815b5f19015f81815260058501602052604090205491508115613dab57507effffffffffffff00000000ffffffffffffffffffffffffffffffffffffffff1692915050565b7fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b006127106bffffffffffffffffffffffff8316811015613e78576040517fdfd1fc1b000000000000000000000000000000000000000000000000000000008152600481018690526bffffffffffffffffffffffff8416602482015260448101829052606401611422565b6001600160a01b038416613ec1576040517f969f0852000000000000000000000000000000000000000000000000000000008152600481018690525f6024820152604401611422565b506040805180820182526001600160a01b0394851681526bffffffffffffffffffffffff93841660208083019182525f978852600190940190935294209351905190911674010000000000000000000000000000000000000000029116179055565b7f9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c19930080547fffffffffffffffffffffffff000000000000000000000000000000000000000081166001600160a01b03848116918217845560405192169182907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a3505050565b5f81421115613fe9576040517f3d91b05f00000000000000000000000000000000000000000000000000000000815260048101839052602401611422565b82341461402b576040517f0d35e92100000000000000000000000000000000000000000000000000000000815260048101849052346024820152604401611422565b5087545f6140e26140da61403f8b8b61489f565b604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f81527fa1d1060cd95510865129de3bed201744b6206260bd33306b109c794016cdf704602082019081527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc692820192835246606083015230608083015260a08220611901835290529190526042601e9091012090565b888888614821565b90506001600160a01b038116158061410c5750816001600160a01b0316816001600160a01b031614155b1561414e576040517fbf18af430000000000000000000000000000000000000000000000000000000081526001600160a01b0382166004820152602401611422565b5098975050505050505050565b805f03614166575050565b6001600160a01b0382166141a6576040517fb942d92000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b5f826001600160a01b0316826040515f6040518083038185875af1925050503d805f81146141ef576040519150601f19603f3d011682016040523d82523d5f602084013e6141f4565b606091505b5050905080611ea4576040517f36899e480000000000000000000000000000000000000000000000000000000081526001600160a01b0384166004820152602401611422565b6001600160a01b0383163b15613abd576040517f150b7a020000000000000000000000000000000000000000000000000000000081526001600160a01b0384169063150b7a02906142959088908890879087906004016156d4565b6020604051808303815f875af19250505080156142cf575060408051601f3d908101601f191682019092526142cc91810190615714565b60015b61434f573d8080156142fc576040519150601f19603f3d011682016040523d82523d5f602084013e614301565b606091505b5080515f03614347576040517f64a0ae920000000000000000000000000000000000000000000000000000000081526001600160a01b0385166004820152602401611422565b805160208201fd5b7fffffffff0000000000000000000000000000000000000000000000000000000081167f150b7a020000000000000000000000000000000000000000000000000000000014611d70576040517f64a0ae920000000000000000000000000000000000000000000000000000000081526001600160a01b0385166004820152602401611422565b60605f6143e1836148c3565b60010190505f8167ffffffffffffffff8111156144005761440061504d565b6040519080825280601f01601f19166020018201604052801561442a576020820181803683370190505b5090508181016020015b5f19017f3031323334353637383961626364656600000000000000000000000000000000600a86061a8153600a850494508461443457509392505050565b5f83815260058501602052604090208190557effffffffffffff000000000000000000000000000000000000000000000000821615611f9b57600183015f818152600586016020526040902054158015614504575060018501546fffffffffffffffffffffffffffffffff167f8000000000000000000000000000000000000000000000000000000000000000018111155b15613abd575f81815260058601602052604090207effffffffffffff00000000ffffffffffffffffffffffffffffffffffffffff841690555050505050565b604080517f425bf77d5ddbbf66928ff442b4f5fee20c1ea0cfa03a76f6bbaabe0a007220e060208201526001600160a01b038616918101919091526060810184905263ffffffff8316608082015260a081018290525f90612aaa9060c001610fc2565b6145b6604085016020860161572f565b67ffffffffffffffff16421015614616576145d7604085016020860161572f565b6040517fb2f9bd5700000000000000000000000000000000000000000000000000000000815267ffffffffffffffff9091166004820152602401611422565b5f614627606086016040870161572f565b905067ffffffffffffffff81161580159061464c57508067ffffffffffffffff164210155b1561468f576040517f805e4c3600000000000000000000000000000000000000000000000000000000815267ffffffffffffffff82166004820152602401611422565b6080850135801561473457604080516001600160a01b03871660208201525f910160408051601f19818403018152828252805160209182012090830152016040516020818303038152906040528051906020012090506146f1858584846149a4565b614732576040517f6f7a52750000000000000000000000000000000000000000000000000000000081526001600160a01b0387166004820152602401611422565b505b5f6147456080880160608901615748565b905063ffffffff8116156148185786355f9081527ffb48bd92556e31eee33ac0a2d3d7b60651bf5f4c55df2aa53aa3ad1347c23000602090815260408083206001600160a01b038a168452918290529091205463ffffffff831681106147ee576040517fd1e8b1200000000000000000000000000000000000000000000000000000000081526001600160a01b038916600482015263ffffffff84166024820152604401611422565b6147f98160016155c1565b6001600160a01b0389165f908152602093909352604090922091909155505b50505050505050565b5f60405185815260ff8516602082015283604082015282606082015260205f60808360015afa50505f513d6020140295945050505050565b6148616149bb565b6122a2576040517fd7e6bcf800000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b612ee5614859565b5f6040518381528260051b606460208301378260051b602001812091505092915050565b5f807a184f03e93ff9f4daa797ed6e38ed64bf6a1f010000000000000000831061490b577a184f03e93ff9f4daa797ed6e38ed64bf6a1f010000000000000000830492506040015b6d04ee2d6d415b85acef81000000008310614937576d04ee2d6d415b85acef8100000000830492506020015b662386f26fc10000831061495557662386f26fc10000830492506010015b6305f5e100831061496d576305f5e100830492506008015b612710831061498157612710830492506004015b60648310614993576064830492506002015b600a8310610f855760010192915050565b5f826149b18686856149d9565b1495945050505050565b5f6149c46134d0565b5468010000000000000000900460ff16919050565b5f81815b84811015614a1157614a07828787848181106149fb576149fb615761565b90506020020135614a1a565b91506001016149dd565b50949350505050565b5f818310614a34575f828152602084905260409020611379565b505f9182526020526040902090565b7fffffffff0000000000000000000000000000000000000000000000000000000081168114611fab575f5ffd5b5f60208284031215614a80575f5ffd5b813561137981614a43565b5f6101608284031215614a9c575f5ffd5b50919050565b5f6101608284031215614ab3575f5ffd5b6113798383614a8b565b80356001600160a01b03811681146138dc575f5ffd5b80356bffffffffffffffffffffffff811681146138dc575f5ffd5b5f5f60408385031215614aff575f5ffd5b614b0883614abd565b9150614b1660208401614ad3565b90509250929050565b5f81518084528060208401602086015e5f602082860101526020601f19601f83011685010191505092915050565b602081525f6113796020830184614b1f565b5f5f83601f840112614b6f575f5ffd5b50813567ffffffffffffffff811115614b86575f5ffd5b602083019150836020828501011115611e67575f5ffd5b5f5f5f5f5f60608688031215614bb1575f5ffd5b853567ffffffffffffffff811115614bc7575f5ffd5b614bd388828901614b5f565b909650945050602086013567ffffffffffffffff811115614bf2575f5ffd5b614bfe88828901614b5f565b9094509250614c11905060408701614abd565b90509295509295909350565b5f60208284031215614c2d575f5ffd5b5035919050565b5f5f60408385031215614c45575f5ffd5b614c4e83614abd565b946020939093013593505050565b803580151581146138dc575f5ffd5b5f5f60408385031215614c7c575f5ffd5b82359150614b1660208401614c5c565b5f5f5f60408486031215614c9e575f5ffd5b83359250602084013567ffffffffffffffff811115614cbb575f5ffd5b614cc786828701614b5f565b9497909650939450505050565b5f5f60408385031215614ce5575f5ffd5b50508035926020909101359150565b5f60208284031215614d04575f5ffd5b61137982614c5c565b5f5f5f60608486031215614d1f575f5ffd5b614d2884614abd565b9250614d3660208501614abd565b929592945050506040919091013590565b803567ffffffffffffffff811681146138dc575f5ffd5b5f5f5f60608486031215614d70575f5ffd5b614d7984614abd565b925060208401359150614d8e60408501614d47565b90509250925092565b5f5f5f60608486031215614da9575f5ffd5b83359250614db960208501614abd565b9150614d8e60408501614ad3565b5f5f60208385031215614dd8575f5ffd5b823567ffffffffffffffff811115614dee575f5ffd5b614dfa85828601614b5f565b90969095509350505050565b5f60208284031215614e16575f5ffd5b61137982614abd565b5f5f5f5f5f5f5f60e0888a031215614e35575f5ffd5b614e3e88614abd565b96506020880135955060408801359450614e5a60608901614abd565b9350614e6860808901614c5c565b925060a08801359150614e7d60c08901614d47565b905092959891949750929550565b803560ff811681146138dc575f5ffd5b5f5f5f5f5f5f5f5f5f5f6101408b8d031215614eb5575f5ffd5b614ebe8b614e8b565b995060208b0135985060408b01359750614eda60608c01614abd565b965060808b0135955060a08b01359450614ef660c08c01614abd565b9350614f0460e08c01614c5c565b92506101008b01359150614f1b6101208c01614d47565b90509295989b9194979a5092959850565b5f5f60408385031215614f3d575f5ffd5b82359150614b1660208401614abd565b5f5f5f5f5f5f5f5f5f6101208a8c031215614f66575f5ffd5b614f6f8a614e8b565b985060208a0135975060408a01359650614f8b60608b01614abd565b955060808a0135945060a08a01359350614fa760c08b01614abd565b9250614fb560e08b01614c5c565b989b979a5095989497939692955090936101000135919050565b5f5f60408385031215614fe0575f5ffd5b614fe983614abd565b9150614b1660208401614c5c565b5f5f5f5f6060858703121561500a575f5ffd5b8435935061501a60208601614abd565b9250604085013567ffffffffffffffff811115615035575f5ffd5b61504187828801614b5f565b95989497509550505050565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b5f5f5f5f6080858703121561508d575f5ffd5b61509685614abd565b93506150a460208601614abd565b925060408501359150606085013567ffffffffffffffff8111156150c6575f5ffd5b8501601f810187136150d6575f5ffd5b803567ffffffffffffffff8111156150f0576150f061504d565b604051601f19603f601f19601f8501160116810181811067ffffffffffffffff821117156151205761512061504d565b604052818152828201602001891015615137575f5ffd5b816020840160208301375f6020838301015280935050505092959194509250565b5f5f5f5f5f5f60c0878903121561516d575f5ffd5b61517687614abd565b9550602087013594506040870135935061519260608801614abd565b92506151a060808801614c5c565b9598949750929591949360a090920135925050565b5f5f604083850312156151c6575f5ffd5b82359150614b1660208401614d47565b5f5f604083850312156151e7575f5ffd5b6151f083614abd565b9150614b1660208401614abd565b5f5f5f60608486031215615210575f5ffd5b61521984614abd565b95602085013595506040909401359392505050565b5f5f5f5f5f5f6101e08789031215615244575f5ffd5b61524d87614e8b565b9550602087013594506040870135935061526a8860608901614a8b565b92506101c087013567ffffffffffffffff811115615286575f5ffd5b8701601f81018913615296575f5ffd5b803567ffffffffffffffff8111156152ac575f5ffd5b8960208260051b84010111156152c0575f5ffd5b60208201935080925050509295509295509295565b5f5f5f5f5f5f60c087890312156152ea575f5ffd5b6152f387614e8b565b9550602087013594506040870135935061530f60608801614abd565b9598949750929560808101359460a0909101359350915050565b803563ffffffff811681146138dc575f5ffd5b82815261018081016001600160a01b0361535584614abd565b1660208301525f60208401359050806040840152505f60408401359050806060840152506001600160a01b0361538d60608501614abd565b16608083015261539f60808401614c5c565b151560a08301525f60a084013590508060c0840152505f60c084013590508060e08401525067ffffffffffffffff6153d960e08501614d47565b1661010083015267ffffffffffffffff6153f66101008501614d47565b1661012083015263ffffffff61540f6101208501615329565b1661014083810191909152929092013561016090910152919050565b600181811c9082168061543f57607f821691505b602082108103614a9c577f4e487b71000000000000000000000000000000000000000000000000000000005f52602260045260245ffd5b601f821115611ea457805f5260205f20601f840160051c8101602085101561549b5750805b601f840160051c820191505b81811015613abd575f81556001016154a7565b67ffffffffffffffff8311156154d2576154d261504d565b6154e6836154e0835461542b565b83615476565b5f601f841160018114615517575f85156155005750838201355b5f19600387901b1c1916600186901b178355613abd565b5f83815260208120601f198716915b828110156155465786850135825560209485019460019092019101615526565b5086821015615562575f1960f88860031b161c19848701351681555b505060018560011b0183555050505050565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b67ffffffffffffffff8281168282160390811115610f8557610f85615574565b80820180821115610f8557610f85615574565b5f6fffffffffffffffffffffffffffffffff82166fffffffffffffffffffffffffffffffff810361560757615607615574565b60010192915050565b8082028115828204841417610f8557610f85615574565b5f8261565a577f4e487b71000000000000000000000000000000000000000000000000000000005f52601260045260245ffd5b500490565b60208152816020820152818360408301375f818301604090810191909152601f909201601f19160101919050565b5f81518060208401855e5f93019283525090919050565b5f612da76156b2838661568d565b8461568d565b63ffffffff8281168282160390811115610f8557610f85615574565b6001600160a01b03851681526001600160a01b0384166020820152826040820152608060608201525f61570a6080830184614b1f565b9695505050505050565b5f60208284031215615724575f5ffd5b815161137981614a43565b5f6020828403121561573f575f5ffd5b61137982614d47565b5f60208284031215615758575f5ffd5b61137982615329565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52603260045260245ffdfea2646970667358221220394a5587c6dd15b62b1c76756fa01ebaa74396bf84dc5784fe7b27b2c476f96d64736f6c634300081c0033';
