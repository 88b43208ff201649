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
export const nftCodeBytecode: `0x${string}` = '0x6080604052348015600e575f5ffd5b5060156019565b60c9565b7ff0c57e16840df040f15088dc2f81fe391c3923bec73e23a9662efc9c229c6a00805468010000000000000000900460ff161560685760405163f92ee8a960e01b815260040160405180910390fd5b80546001600160401b039081161460c65780546001600160401b0319166001600160401b0390811782556040519081527fc7f505b2f371ae2175ee4913f4499e1f2633a7b5936321eed1cdaeb6115181d29060200160405180910390a15b50565b614aec806100d65f395ff3fe608060405260043610610371575f3560e01c80636e303cad116101c8578063b88d4fde116100fd578063dfb4b1fd1161009d578063f2fde38b1161006d578063f2fde38b14610b4a578063f698da2514610b69578063fca3b5aa14610c1c578063ffaf24d614610c3b575f5ffd5b8063dfb4b1fd14610a73578063e985e9c514610aa6578063eab64c4814610b0c578063f2cefb1314610b2b575f5ffd5b8063c47f0027116100d8578063c47f0027146109f7578063c87b56dd14610a16578063cbab5c0b14610a35578063d7766e7914610a54575f5ffd5b8063b88d4fde14610959578063b9ccbfe214610978578063c053b021146109d8575f5ffd5b806392a459b111610168578063a22cb46511610143578063a22cb465146108e8578063aa1b103f14610907578063b45a3c0e1461091b578063b84c82461461093a575f5ffd5b806392a459b1146108ac57806395d89b41146108c15780639b5bbe31146108d5575f5ffd5b80637b6420ed116101a35780637b6420ed1461081f5780637fa8d2581461083e5780638a616bc0146108515780638da5cb5b14610870575f5ffd5b80636e303cad146107b857806370a08231146107ec578063715018a61461080b575f5ffd5b8063318db497116102a95780634ed6aa96116102495780635944c753116102195780635944c7531461073c5780635ff99d331461075b5780636352211e1461077a578063664aa26b14610799575f5ffd5b80634ed6aa96146106d75780634f21b969146106ea5780634f558e79146107095780635001f3b514610728575f5ffd5b806342842e0e1161028457806342842e0e1461065b57806342966c681461067a5780634bb9a482146106995780634cee68fb146106b8575f5ffd5b8063318db497146105d45780633c45ef7e146105e857806340c10f191461063c575f5ffd5b80630a3cc989116103145780631ba3c6b9116102ef5780631ba3c6b9146105395780631c006ebe1461055857806323b872dd146105775780632a55205a14610596575f5ffd5b80630a3cc98914610498578063162094c4146104b757806318160ddd146104d6575f5ffd5b8063075461721161034f57806307546172146103eb578063077f224a1461043b578063081812fc1461045a578063095ea7b314610479575f5ffd5b806301ffc9a71461037557806304634d8d146103a957806306fdde03146103ca575b5f5ffd5b348015610380575f5ffd5b5061039461038f366004614033565b610c5a565b60405190151581526020015b60405180910390f35b3480156103b4575f5ffd5b506103c86103c3366004614084565b610d99565b005b3480156103d5575f5ffd5b506103de610daf565b6040516103a091906140e3565b3480156103f6575f5ffd5b507fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000546001600160a01b03165b6040516001600160a01b0390911681526020016103a0565b348015610446575f5ffd5b506103c8610455366004614133565b610e61565b348015610465575f5ffd5b506104236104743660046141b3565b611092565b348015610484575f5ffd5b506103c86104933660046141ca565b6110cf565b3480156104a3575f5ffd5b506103c86104b2366004614201565b611235565b3480156104c2575f5ffd5b506103c86104d1366004614222565b61123f565b3480156104e1575f5ffd5b507fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000547401000000000000000000000000000000000000000090046bffffffffffffffffffffffff165b6040519081526020016103a0565b348015610544575f5ffd5b5061052b6105533660046141b3565b6112e3565b348015610563575f5ffd5b506103c861057236600461426a565b61138a565b348015610582575f5ffd5b506103c861059136600461428a565b6117e8565b3480156105a1575f5ffd5b506105b56105b036600461426a565b6119cd565b604080516001600160a01b0390931683526020830191909152016103a0565b3480156105df575f5ffd5b5061052b600181565b3480156105f3575f5ffd5b5061052b6106023660046141b3565b5f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd009602052604090205467ffffffffffffffff1690565b348015610647575f5ffd5b506103c86106563660046141ca565b611ac3565b348015610666575f5ffd5b506103c861067536600461428a565b611b54565b348015610685575f5ffd5b506103c86106943660046141b3565b611b73565b3480156106a4575f5ffd5b506103c86106b33660046141b3565b611dbf565b3480156106c3575f5ffd5b506103c86106d23660046142db565b611dcc565b3480156106e2575f5ffd5b50600161052b565b3480156106f5575f5ffd5b506103946107043660046141b3565b611e6f565b348015610714575f5ffd5b506103946107233660046141b3565b611ec3565b348015610733575f5ffd5b506103de611f25565b348015610747575f5ffd5b506103c8610756366004614314565b611f56565b348015610766575f5ffd5b5061052b6107753660046141b3565b611f69565b348015610785575f5ffd5b506104236107943660046141b3565b611fca565b3480156107a4575f5ffd5b506103c86107b3366004614344565b611ff5565b3480156107c3575f5ffd5b506107d76107d23660046141b3565b612068565b60405163ffffffff90911681526020016103a0565b3480156107f7575f5ffd5b5061052b610806366004614383565b61209c565b348015610816575f5ffd5b506103c8612119565b34801561082a575f5ffd5b5061052b61083936600461439c565b61212c565b6103c861084c366004614418565b6121d0565b34801561085c575f5ffd5b506103c861086b3660046141b3565b612250565b34801561087b575f5ffd5b507f9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c199300546001600160a01b0316610423565b3480156108b7575f5ffd5b5061052b6101f481565b3480156108cc575f5ffd5b506103de612287565b6103c86108e33660046144a9565b6122b8565b3480156108f3575f5ffd5b506103c861090236600461452b565b612320565b348015610912575f5ffd5b506103c861240a565b348015610926575f5ffd5b506103946109353660046141b3565b61243a565b348015610945575f5ffd5b506103c8610954366004614344565b612485565b348015610964575f5ffd5b506103c8610973366004614580565b6124eb565b348015610983575f5ffd5b5061052b6109923660046141b3565b5f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd009602052604090205468010000000000000000900467ffffffffffffffff1690565b3480156109e3575f5ffd5b506103c86109f23660046141b3565b612503565b348015610a02575f5ffd5b506103c8610a11366004614344565b61250e565b348015610a21575f5ffd5b506103de610a303660046141b3565b612574565b348015610a40575f5ffd5b5061052b610a4f36600461465e565b612727565b348015610a5f575f5ffd5b506103c8610a6e3660046146bb565b6127a2565b348015610a7e575f5ffd5b5061052b7f800000000000000000000000000000000000000000000000000000000000000081565b348015610ab1575f5ffd5b50610394610ac03660046146dc565b6001600160a01b039182165f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0086020908152604080832093909416825291909152205460ff1690565b348015610b17575f5ffd5b5061052b610b26366004614704565b61283e565b348015610b36575f5ffd5b506103c8610b45366004614201565b612880565b348015610b55575f5ffd5b506103c8610b64366004614383565b6129ae565b348015610b74575f5ffd5b5061052b604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201527fa1d1060cd95510865129de3bed201744b6206260bd33306b109c794016cdf704918101919091527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc660608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b348015610c27575f5ffd5b506103c8610c36366004614383565b612a01565b348015610c46575f5ffd5b506103c8610c55366004614734565b612a9a565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f80ac58cd000000000000000000000000000000000000000000000000000000001480610cec57507fffffffff0000000000000000000000000000000000000000000000000000000082167f5b5e139f00000000000000000000000000000000000000000000000000000000145b80610d3857507fffffffff0000000000000000000000000000000000000000000000000000000082167f4906490600000000000000000000000000000000000000000000000000000000145b80610d8457507fffffffff0000000000000000000000000000000000000000000000000000000082167fb45a3c0e00000000000000000000000000000000000000000000000000000000145b80610d935750610d9382612cd2565b92915050565b610da1612d68565b610dab8282612ddc565b5050565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006002018054610de090614788565b80601f0160208091040260200160405190810160405280929190818152602001828054610e0c90614788565b8015610e575780601f10610e2e57610100808354040283529160200191610e57565b820191905f5260205f20905b815481529060010190602001808311610e3a57829003601f168201915b5050505050905090565b5f610e6a612ef0565b805490915060ff68010000000000000000820416159067ffffffffffffffff165f81158015610e965750825b90505f8267ffffffffffffffff166001148015610eb25750303b155b905081158015610ec0575080155b15610ef7576040517ff92ee8a900000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b84547fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000001660011785558315610f585784547fffffffffffffffffffffffffffffffffffffffffffffff00ffffffffffffffff16680100000000000000001785555b610f6186612f18565b610f69612f29565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0007fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd002610fb68b8d8361481d565b5060038101610fc6898b8361481d565b5080547fffffffffffffffffffffffff0000000000000000000000000000000000000000166001600160a01b03881690811782556040515f907f3b0007eb941cf645526cbb3a4fdaecda9d28ce4843167d9263b536a1f1edc0f6908290a35083156110865784547fffffffffffffffffffffffffffffffffffffffffffffff00ffffffffffffffff168555604051600181527fc7f505b2f371ae2175ee4913f4499e1f2633a7b5936321eed1cdaeb6115181d29060200160405180910390a15b50505050505050505050565b5f7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006110c881846110c38282612f31565b612fa6565b9392505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6110fb8284612f31565b905080336001600160a01b0382161480159061113c57506001600160a01b0381165f908152600884016020908152604080832033845290915290205460ff16155b1561117a576040517fa9fbf51f0000000000000000000000000000000000000000000000000000000081523360048201526024015b60405180910390fd5b6040805180820182526001600160a01b0380881680835263ffffffff60a087901c811660208086019182525f8b815260078b0190915286812095518654925190931674010000000000000000000000000000000000000000027fffffffffffffffff00000000000000000000000000000000000000000000000090921692851692909217179093559251879392918516917f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92591a45050505050565b610dab8282613011565b611247612d68565b6112727fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005b84612f31565b505f8381527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00b602052604090206112aa82848361481d565b506040518381527ff8e1a15aba9398e019f0b49df1a4fde98ee17ae345cb5f6b5e2c27f5033e8ce79060200160405180910390a1505050565b5f7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0008160c07effffffffffffff0000000000000000000000000000000000000000000000006113328487612f31565b16901c9050805f03611373576040517f05120e7d00000000000000000000000000000000000000000000000000000000815260048101859052602401611171565b5f908152600a909101602052604090205492915050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6113b68285612f31565b90506001600160a01b0381163314611403576040517f58a5e22200000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611171565b82158061141157506101f483115b1561144b576040517fcfb7619500000000000000000000000000000000000000000000000000000000815260048101849052602401611171565b5f84815260098301602090815260408083208151606081018352905467ffffffffffffffff80821680845268010000000000000000830490911694830185905270010000000000000000000000000000000090910466ffffffffffffff169282019290925292916114bb91614904565b67ffffffffffffffff16905080851115611512576040517f67feff78000000000000000000000000000000000000000000000000000000008152600481018790526024810182905260448101869052606401611171565b60018401545f90611555906fffffffffffffffffffffffffffffffff167f8000000000000000000000000000000000000000000000000000000000000000614924565b611560906001614924565b9050826040015166ffffffffffffff165f036115fb576001850180546010906115ae9070010000000000000000000000000000000090046fffffffffffffffffffffffffffffffff16614937565b82546fffffffffffffffffffffffffffffffff8083166101009490940a938402930219169190911790915566ffffffffffffff1660408085018290525f918252600a870160205290208790555b6020808401805167ffffffffffffffff908901811682526001880180546fffffffffffffffffffffffffffffffff8082168c01167fffffffffffffffffffffffffffffffff000000000000000000000000000000009182161790915588546bffffffffffffffffffffffff7401000000000000000000000000000000000000000080830482168d01909116026001600160a01b03909116178955335f81815260068b018652604080822080548e0190558d825260098c01909652858120895181549651978b015166ffffffffffffff8116700100000000000000000000000000000000027fffffffffffffffffff00000000000000ffffffffffffffffffffffffffffffff99881668010000000000000000029890961691909616179590951795909516919091179092557effffffffffffff00000000000000000000000000000000000000000000000060c09190911b1617905b878110156117dd57828101600f82165f03611778575f81815260058901602052604090208390555b604051819033905f907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef908290a46040518a90829033907f2b454cbdeff241cd25d59da784b21a0005a93b11db07d2c14bda1ca9f25f2f60905f90a450600101611750565b505050505050505050565b6001600160a01b03821661182a576040517f64a0ae920000000000000000000000000000000000000000000000000000000081525f6004820152602401611171565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6118568284612f31565b905080336001600160a01b0382161480159061189757506001600160a01b0381165f908152600884016020908152604080832033845290915290205460ff16155b80156118b65750336118aa848685612fa6565b6001600160a01b031614155b156118f6576040517f177e802f00000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611171565b856001600160a01b0316816001600160a01b03161461195b576040517f64283d7b0000000000000000000000000000000000000000000000000000000081526001600160a01b0380881660048301526024820186905282166044820152606401611171565b7f02000000000000000000000000000000000000000000000000000000000000008216156119b8576040517f886574b200000000000000000000000000000000000000000000000000000000815260048101859052602401611171565b6119c58382878786613163565b505050505050565b5f8281527fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b0160205260408120805482917fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b00916001600160a01b038116907401000000000000000000000000000000000000000090046bffffffffffffffffffffffff1681611a8b57505081546001600160a01b038116907401000000000000000000000000000000000000000090046bffffffffffffffffffffffff165b5f612710611aa76bffffffffffffffffffffffff84168a614973565b611ab1919061498a565b929650919450505050505b9250929050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000546001600160a01b03163314611b28576040517f361c31f2000000000000000000000000000000000000000000000000000000008152336004820152602401611171565b610dab7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00083835f613243565b611b6e83838360405180602001604052805f8152506124eb565b505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f611b9f8284612f31565b905080336001600160a01b03821614801590611be057506001600160a01b0381165f908152600884016020908152604080832033845290915290205460ff16155b8015611bff575033611bf3848685612fa6565b6001600160a01b031614155b15611c3f576040517f177e802f00000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611171565b7f0200000000000000000000000000000000000000000000000000000000000000821615611c9c576040517f886574b200000000000000000000000000000000000000000000000000000000815260048101859052602401611171565b6001600160a01b038082165f908152600685016020526040902080545f1990810190915584546bffffffffffffffffffffffff740100000000000000000000000000000000000000008083048216909301169091029116178355611d828385847f0100000000000000000000000000000000000000000000000000000000000000611d7c827fffffffffffffffff00000000ffffffffffffffffffffffffffffffffffffffff8116740100000000000000000000000000000000000000009190910177ffffffff0000000000000000000000000000000000000000161790565b1761347c565b60405184905f906001600160a01b038416907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef908390a450505050565b611dc9815f613011565b50565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000546001600160a01b03163314611e31576040517f361c31f2000000000000000000000000000000000000000000000000000000008152336004820152602401611171565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000611e5e8185855f613243565b611e6981848461354e565b50505050565b5f7f0400000000000000000000000000000000000000000000000000000000000000611eba7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061126c565b16151592915050565b5f80611ef07fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005b84613642565b905080158015906110c857507f0100000000000000000000000000000000000000000000000000000000000000161592915050565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006004018054610de090614788565b611f5e612d68565b611b6e838383613715565b5f8181527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd009602052604081208054611fb99067ffffffffffffffff68010000000000000000820481169116614904565b67ffffffffffffffff169392505050565b5f610d937fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00083612f31565b611ffd612d68565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00461202982848361481d565b50604080515f81525f1960208201527f6bd5c950a8d8df17f772f5af37cb3655737899cbf903264b9795592da439661c91015b60405180910390a15050565b5f60a06120947fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000611eea565b901c92915050565b5f6001600160a01b0382166120df576040517f89c62b640000000000000000000000000000000000000000000000000000000081525f6004820152602401611171565b506001600160a01b03165f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd006602052604090205490565b612121612d68565b61212a5f61384a565b565b604080517f1dce203b37ee9fa9f5f3fde84344648fb962776dceae9b4371d09f75cba783ce60208201526001600160a01b03808a1692820192909252606081018890526080810187905290851660a082015283151560c082015260e0810183905267ffffffffffffffff82166101008201525f906121c490610120015b604051602081830303815290604052805190602001206138d2565b98975050505050505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000612222817f1dce203b37ee9fa9f5f3fde84344648fb962776dceae9b4371d09f75cba783ce60078e8e8e8c8a6139b8565b61222e81898987613243565b61223981888461354e565b6122438587613abe565b5050505050505050505050565b612258612d68565b5f9081527fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b016020526040812055565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006003018054610de090614788565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061230a817fa547d18ed7eb1cfafa029eef65dc03ffe802aa8ac62f6aa62838574179efd2aa60068d8d8d8b896139b8565b61231681888886613243565b6110868486613abe565b6001600160a01b038216612362576040517f5b08ba180000000000000000000000000000000000000000000000000000000081525f6004820152602401611171565b335f8181527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd008602090815260408083206001600160a01b0387168085529083529281902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001686151590811790915590519081529192917f17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31910160405180910390a35050565b612412612d68565b61212a5f7fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b0055565b5f7f0200000000000000000000000000000000000000000000000000000000000000611eba7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061126c565b61248d612d68565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0036124b982848361481d565b507f57c940aa14b51ea5f96b7a2bea757ce355d996e2c5d7a3c68aff1c75a326269b828260405161205c9291906149c2565b6124f68484846117e8565b611e693385858585613b9d565b611dc9816001613011565b612516612d68565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00261254282848361481d565b507f4737457377f528cc8afd815f73ecb8b05df80d047dbffc41c17750a4033592bc828260405161205c9291906149c2565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006125a18184612f31565b505f838152600b82016020526040812080546125bc90614788565b80601f01602080910402602001604051908101604052809291908181526020018280546125e890614788565b80156126335780601f1061260a57610100808354040283529160200191612633565b820191905f5260205f20905b81548152906001019060200180831161261657829003601f168201915b5050505050905080515f14612649579392505050565b5f82600401805461265990614788565b80601f016020809104026020016040519081016040528092919081815260200182805461268590614788565b80156126d05780601f106126a7576101008083540402835291602001916126d0565b820191905f5260205f20905b8154815290600101906020018083116126b357829003601f168201915b5050505050905080515f1461270e57806126e986613d38565b6040516020016126fa929190614a07565b60405160208183030381529060405261271e565b60405180602001604052805f8152505b95945050505050565b604080517fa547d18ed7eb1cfafa029eef65dc03ffe802aa8ac62f6aa62838574179efd2aa60208201526001600160a01b0380891692820192909252606081018790526080810186905290841660a082015282151560c082015260e081018290525f9061279790610100016121a9565b979650505050505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000546001600160a01b03163314612807576040517f361c31f2000000000000000000000000000000000000000000000000000000008152336004820152602401611171565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006128328184612f31565b50611b6e81848461354e565b5f612878848460a06128707fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00088613642565b901c85613dd5565b949350505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6128ac8285612f31565b9050336001600160a01b038216148015906128d1575081546001600160a01b03163314155b15612911576040517fddd5ec9200000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611171565b61296c82858386612944577ffbffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff851661347c565b7f0400000000000000000000000000000000000000000000000000000000000000851761347c565b837f250d8b5753a07e5d3e8c72eaa088a0a42785762c7021c574464f273171369aba846040516129a0911515815260200190565b60405180910390a250505050565b6129b6612d68565b6001600160a01b0381166129f8576040517f1e4fbdf70000000000000000000000000000000000000000000000000000000081525f6004820152602401611171565b611dc98161384a565b612a09612d68565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00080546040516001600160a01b038481169216907f3b0007eb941cf645526cbb3a4fdaecda9d28ce4843167d9263b536a1f1edc0f6905f90a380547fffffffffffffffffffffffff0000000000000000000000000000000000000000166001600160a01b0392909216919091179055565b80421115612ad7576040517f3d91b05f00000000000000000000000000000000000000000000000000000000815260048101829052602401611171565b6001600160a01b038316612b19576040517f64a0ae920000000000000000000000000000000000000000000000000000000081525f6004820152602401611171565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f612b458285612f31565b90507f0200000000000000000000000000000000000000000000000000000000000000811615612ba4576040517f886574b200000000000000000000000000000000000000000000000000000000815260048101859052602401611171565b60a081901c5f612bc1612bb988888589613dd5565b8b8b8b613e38565b84549091506001600160a01b039081169082161580612bf25750806001600160a01b0316826001600160a01b031614155b15612cc5576001600160a01b03821615801590612c14575063ffffffff831615155b8015612c5157506001600160a01b038116612c46612c3e8a8a612c38600189614a1b565b8b613dd5565b8d8d8d613e38565b6001600160a01b0316145b15612c88576040517f18b980b200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6040517fbf18af430000000000000000000000000000000000000000000000000000000081526001600160a01b0383166004820152602401611171565b61224385858a8a88613163565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f2a55205a000000000000000000000000000000000000000000000000000000001480610d9357507f01ffc9a7000000000000000000000000000000000000000000000000000000007fffffffff00000000000000000000000000000000000000000000000000000000831614610d93565b33612d9a7f9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c199300546001600160a01b031690565b6001600160a01b03161461212a576040517f118cdaa7000000000000000000000000000000000000000000000000000000008152336004820152602401611171565b7fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b006127106bffffffffffffffffffffffff8316811015612e5f576040517f6f483d090000000000000000000000000000000000000000000000000000000081526bffffffffffffffffffffffff8416600482015260248101829052604401611171565b6001600160a01b038416612ea1576040517fb6d9900a0000000000000000000000000000000000000000000000000000000081525f6004820152602401611171565b50604080518082019091526001600160a01b039093168084526bffffffffffffffffffffffff909216602090930183905274010000000000000000000000000000000000000000909202179055565b5f807ff0c57e16840df040f15088dc2f81fe391c3923bec73e23a9662efc9c229c6a00610d93565b612f20613e9d565b611dc981613edb565b61212a613e9d565b5f612f3c8383613642565b9050801580612f6c57507f0100000000000000000000000000000000000000000000000000000000000000811615155b15610d93576040517f7e27328900000000000000000000000000000000000000000000000000000000815260048101839052602401611171565b5f82815260078401602090815260408083208151808301909252546001600160a01b038116825263ffffffff740100000000000000000000000000000000000000009091048116928201839052909160a085901c90911614613008575f61271e565b51949350505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f61303d8285612f31565b9050336001600160a01b0382161461308a576040517f58a5e22200000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611171565b8215157f020000000000000000000000000000000000000000000000000000000000000082161515036130bd5750505050565b6130eb8285837f0200000000000000000000000000000000000000000000000000000000000000851861347c565b8215613129576040518481527f032bc66be43dbccb7487781d168eb7bda224628a3b2c3388bdf69b532a3a16119060200160405180910390a1611e69565b6040518481527ff27b6ce5b2f5e68ddb2fd95a8a909d4ecf1daaac270935fff052feacb24f1842906020015b60405180910390a150505050565b6001600160a01b038481165f90815260068701602052604080822080545f19019055918516808252919020805460010190556131fb908690849084907fffffffffffffffff000000000000000000000000000000000000000000000000821674010000000000000000000000000000000000000000830177ffffffff000000000000000000000000000000000000000016171761347c565b81836001600160a01b0316856001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef60405160405180910390a45050505050565b6001600160a01b038316613285576040517f64a0ae920000000000000000000000000000000000000000000000000000000081525f6004820152602401611171565b7f800000000000000000000000000000000000000000000000000000000000000082106132e1576040517f63332a7c00000000000000000000000000000000000000000000000000000000815260048101839052602401611171565b5f8281526005850160205260409020541561332b576040517f8b474e5400000000000000000000000000000000000000000000000000000000815260048101839052602401611171565b8061333f57826001600160a01b031661336c565b7f0200000000000000000000000000000000000000000000000000000000000000836001600160a01b0316175b5f8381526005860160209081526040808320939093556001600160a01b03861682526006870190522080546001908101909155845485906014906133d79084907401000000000000000000000000000000000000000090046bffffffffffffffffffffffff16614a37565b92506101000a8154816bffffffffffffffffffffffff02191690836bffffffffffffffffffffffff16021790555081836001600160a01b03165f6001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef60405160405180910390a48015611e69576040518281527f032bc66be43dbccb7487781d168eb7bda224628a3b2c3388bdf69b532a3a161190602001613155565b5f83815260058501602052604090208190557effffffffffffff000000000000000000000000000000000000000000000000821615611e6957600183015f81815260058601602052604090205415801561350e575060018501546fffffffffffffffffffffffffffffffff167f8000000000000000000000000000000000000000000000000000000000000000018111155b15613547575f81815260058601602052604090207effffffffffffff00000000ffffffffffffffffffffffffffffffffffffffff841690555b5050505050565b5f8281526009840160205260409020805467ffffffffffffffff68010000000000000000909104811690831610156135dc5780546040517f84f733bf000000000000000000000000000000000000000000000000000000008152600481018590526801000000000000000090910467ffffffffffffffff908116602483015283166044820152606401611171565b80547fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000001667ffffffffffffffff8316908117825560405190815283907fd89dfb366053a485a36d46d3c122be35fe10919e3f12c48262b398b60bec3245906020016129a0565b5f8181526005830160205260409020548015801561367f57507f800000000000000000000000000000000000000000000000000000000000000082115b80156136cb575060018301546136c7906fffffffffffffffffffffffffffffffff167f8000000000000000000000000000000000000000000000000000000000000000614924565b8211155b15610d9357815b5f19015f818152600585016020526040902054915081156136d257507effffffffffffff00000000ffffffffffffffffffffffffffffffffffffffff1692915050565b7fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b006127106bffffffffffffffffffffffff831681101561379f576040517fdfd1fc1b000000000000000000000000000000000000000000000000000000008152600481018690526bffffffffffffffffffffffff8416602482015260448101829052606401611171565b6001600160a01b0384166137e8576040517f969f0852000000000000000000000000000000000000000000000000000000008152600481018690525f6024820152604401611171565b506040805180820182526001600160a01b0394851681526bffffffffffffffffffffffff93841660208083019182525f978852600190940190935294209351905190911674010000000000000000000000000000000000000000029116179055565b7f9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c19930080547fffffffffffffffffffffffff000000000000000000000000000000000000000081166001600160a01b03848116918217845560405192169182907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a3505050565b5f610d9361397d604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201527fa1d1060cd95510865129de3bed201744b6206260bd33306b109c794016cdf704918101919091527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc660608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b836040517f19010000000000000000000000000000000000000000000000000000000000008152600281019290925260228201526042902090565b804211156139f5576040517f3d91b05f00000000000000000000000000000000000000000000000000000000815260048101829052602401611171565b813414613a37576040517f0d35e92100000000000000000000000000000000000000000000000000000000815260048101839052346024820152604401611171565b5f613a57613a4f613a4a8a60648b613ee3565b6138d2565b878787613e38565b90506001600160a01b0381161580613a7c575088546001600160a01b03828116911614155b156117dd576040517fbf18af430000000000000000000000000000000000000000000000000000000081526001600160a01b0382166004820152602401611171565b805f03613ac9575050565b6001600160a01b038216613b09576040517fb942d92000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b5f826001600160a01b0316826040515f6040518083038185875af1925050503d805f8114613b52576040519150601f19603f3d011682016040523d82523d5f602084013e613b57565b606091505b5050905080611b6e576040517f36899e480000000000000000000000000000000000000000000000000000000081526001600160a01b0384166004820152602401611171565b6001600160a01b0383163b15613547576040517f150b7a020000000000000000000000000000000000000000000000000000000081526001600160a01b0384169063150b7a0290613bf8908890889087908790600401614a5b565b6020604051808303815f875af1925050508015613c32575060408051601f3d908101601f19168201909252613c2f91810190614a9b565b60015b613cb2573d808015613c5f576040519150601f19603f3d011682016040523d82523d5f602084013e613c64565b606091505b5080515f03613caa576040517f64a0ae920000000000000000000000000000000000000000000000000000000081526001600160a01b0385166004820152602401611171565b805160208201fd5b7fffffffff0000000000000000000000000000000000000000000000000000000081167f150b7a0200000000000000000000000000000000000000000000000000000000146119c5576040517f64a0ae920000000000000000000000000000000000000000000000000000000081526001600160a01b0385166004820152602401611171565b60605f613d4483613f07565b60010190505f8167ffffffffffffffff811115613d6357613d63614553565b6040519080825280601f01601f191660200182016040528015613d8d576020820181803683370190505b5090508181016020015b5f19017f3031323334353637383961626364656600000000000000000000000000000000600a86061a8153600a8504945084613d9757509392505050565b604080517f425bf77d5ddbbf66928ff442b4f5fee20c1ea0cfa03a76f6bbaabe0a007220e060208201526001600160a01b038616918101919091526060810184905263ffffffff8316608082015260a081018290525f9061271e9060c0016121a9565b604080515f8082526020820180845287905260ff861692820192909252606081018490526080810183905260019060a0016020604051602081039080840390855afa158015613e89573d5f5f3e3d5ffd5b5050604051601f1901519695505050505050565b613ea5613fe8565b61212a576040517fd7e6bcf800000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6129b6613e9d565b5f604051848152602083028460208301376020830260200181209150509392505050565b5f807a184f03e93ff9f4daa797ed6e38ed64bf6a1f0100000000000000008310613f4f577a184f03e93ff9f4daa797ed6e38ed64bf6a1f010000000000000000830492506040015b6d04ee2d6d415b85acef81000000008310613f7b576d04ee2d6d415b85acef8100000000830492506020015b662386f26fc100008310613f9957662386f26fc10000830492506010015b6305f5e1008310613fb1576305f5e100830492506008015b6127108310613fc557612710830492506004015b60648310613fd7576064830492506002015b600a8310610d935760010192915050565b5f613ff1612ef0565b5468010000000000000000900460ff16919050565b7fffffffff0000000000000000000000000000000000000000000000000000000081168114611dc9575f5ffd5b5f60208284031215614043575f5ffd5b81356110c881614006565b80356001600160a01b0381168114614064575f5ffd5b919050565b80356bffffffffffffffffffffffff81168114614064575f5ffd5b5f5f60408385031215614095575f5ffd5b61409e8361404e565b91506140ac60208401614069565b90509250929050565b5f81518084528060208401602086015e5f602082860101526020601f19601f83011685010191505092915050565b602081525f6110c860208301846140b5565b5f5f83601f840112614105575f5ffd5b50813567ffffffffffffffff81111561411c575f5ffd5b602083019150836020828501011115611abc575f5ffd5b5f5f5f5f5f60608688031215614147575f5ffd5b853567ffffffffffffffff81111561415d575f5ffd5b614169888289016140f5565b909650945050602086013567ffffffffffffffff811115614188575f5ffd5b614194888289016140f5565b90945092506141a790506040870161404e565b90509295509295909350565b5f602082840312156141c3575f5ffd5b5035919050565b5f5f604083850312156141db575f5ffd5b6141e48361404e565b946020939093013593505050565b80358015158114614064575f5ffd5b5f5f60408385031215614212575f5ffd5b823591506140ac602084016141f2565b5f5f5f60408486031215614234575f5ffd5b83359250602084013567ffffffffffffffff811115614251575f5ffd5b61425d868287016140f5565b9497909650939450505050565b5f5f6040838503121561427b575f5ffd5b50508035926020909101359150565b5f5f5f6060848603121561429c575f5ffd5b6142a58461404e565b92506142b36020850161404e565b929592945050506040919091013590565b803567ffffffffffffffff81168114614064575f5ffd5b5f5f5f606084860312156142ed575f5ffd5b6142f68461404e565b92506020840135915061430b604085016142c4565b90509250925092565b5f5f5f60608486031215614326575f5ffd5b833592506143366020850161404e565b915061430b60408501614069565b5f5f60208385031215614355575f5ffd5b823567ffffffffffffffff81111561436b575f5ffd5b614377858286016140f5565b90969095509350505050565b5f60208284031215614393575f5ffd5b6110c88261404e565b5f5f5f5f5f5f5f60e0888a0312156143b2575f5ffd5b6143bb8861404e565b965060208801359550604088013594506143d76060890161404e565b93506143e5608089016141f2565b925060a088013591506143fa60c089016142c4565b905092959891949750929550565b803560ff81168114614064575f5ffd5b5f5f5f5f5f5f5f5f5f5f6101408b8d031215614432575f5ffd5b61443b8b614408565b995060208b0135985060408b0135975061445760608c0161404e565b965060808b0135955060a08b0135945061447360c08c0161404e565b935061448160e08c016141f2565b92506101008b013591506144986101208c016142c4565b90509295989b9194979a5092959850565b5f5f5f5f5f5f5f5f5f6101208a8c0312156144c2575f5ffd5b6144cb8a614408565b985060208a0135975060408a013596506144e760608b0161404e565b955060808a0135945060a08a0135935061450360c08b0161404e565b925061451160e08b016141f2565b989b979a5095989497939692955090936101000135919050565b5f5f6040838503121561453c575f5ffd5b6145458361404e565b91506140ac602084016141f2565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b5f5f5f5f60808587031215614593575f5ffd5b61459c8561404e565b93506145aa6020860161404e565b925060408501359150606085013567ffffffffffffffff8111156145cc575f5ffd5b8501601f810187136145dc575f5ffd5b803567ffffffffffffffff8111156145f6576145f6614553565b604051601f19603f601f19601f8501160116810181811067ffffffffffffffff8211171561462657614626614553565b60405281815282820160200189101561463d575f5ffd5b816020840160208301375f6020838301015280935050505092959194509250565b5f5f5f5f5f5f60c08789031215614673575f5ffd5b61467c8761404e565b955060208701359450604087013593506146986060880161404e565b92506146a6608088016141f2565b9598949750929591949360a090920135925050565b5f5f604083850312156146cc575f5ffd5b823591506140ac602084016142c4565b5f5f604083850312156146ed575f5ffd5b6146f68361404e565b91506140ac6020840161404e565b5f5f5f60608486031215614716575f5ffd5b61471f8461404e565b95602085013595506040909401359392505050565b5f5f5f5f5f5f60c08789031215614749575f5ffd5b61475287614408565b9550602087013594506040870135935061476e6060880161404e565b9598949750929560808101359460a0909101359350915050565b600181811c9082168061479c57607f821691505b6020821081036147d3577f4e487b71000000000000000000000000000000000000000000000000000000005f52602260045260245ffd5b50919050565b601f821115611b6e57805f5260205f20601f840160051c810160208510156147fe5750805b601f840160051c820191505b81811015613547575f815560010161480a565b67ffffffffffffffff83111561483557614835614553565b614849836148438354614788565b836147d9565b5f601f84116001811461487a575f85156148635750838201355b5f19600387901b1c1916600186901b178355613547565b5f83815260208120601f198716915b828110156148a95786850135825560209485019460019092019101614889565b50868210156148c5575f1960f88860031b161c19848701351681555b505060018560011b0183555050505050565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b67ffffffffffffffff8281168282160390811115610d9357610d936148d7565b80820180821115610d9357610d936148d7565b5f6fffffffffffffffffffffffffffffffff82166fffffffffffffffffffffffffffffffff810361496a5761496a6148d7565b60010192915050565b8082028115828204841417610d9357610d936148d7565b5f826149bd577f4e487b71000000000000000000000000000000000000000000000000000000005f52601260045260245ffd5b500490565b60208152816020820152818360408301375f818301604090810191909152601f909201601f19160101919050565b5f81518060208401855e5f93019283525090919050565b5f612878614a1583866149f0565b846149f0565b63ffffffff8281168282160390811115610d9357610d936148d7565b6bffffffffffffffffffffffff8181168382160190811115610d9357610d936148d7565b6001600160a01b03851681526001600160a01b0384166020820152826040820152608060608201525f614a9160808301846140b5565b9695505050505050565b5f60208284031215614aab575f5ffd5b81516110c88161400656fea2646970667358221220bdf973525fc5449dc285f14f3de29a39edc0d282f4cef99608c752806defa26564736f6c634300081c0033';

/** Runtime bytecode, as returned by eth_getCode once deployed. */
export const nftCodeDeployedBytecode: `0x${string}` = '0x608060405260043610610371575f3560e01c80636e303cad116101c8578063b88d4fde116100fd578063dfb4b1fd1161009d578063f2fde38b1161006d578063f2fde38b14610b4a578063f698da2514610b69578063fca3b5aa14610c1c578063ffaf24d614610c3b575f5ffd5b8063dfb4b1fd14610a73578063e985e9c514610aa6578063eab64c4814610b0c578063f2cefb1314610b2b575f5ffd5b8063c47f0027116100d8578063c47f0027146109f7578063c87b56dd14610a16578063cbab5c0b14610a35578063d7766e7914610a54575f5ffd5b8063b88d4fde14610959578063b9ccbfe214610978578063c053b021146109d8575f5ffd5b806392a459b111610168578063a22cb46511610143578063a22cb465146108e8578063aa1b103f14610907578063b45a3c0e1461091b578063b84c82461461093a575f5ffd5b806392a459b1146108ac57806395d89b41146108c15780639b5bbe31146108d5575f5ffd5b80637b6420ed116101a35780637b6420ed1461081f5780637fa8d2581461083e5780638a616bc0146108515780638da5cb5b14610870575f5ffd5b80636e303cad146107b857806370a08231146107ec578063715018a61461080b575f5ffd5b8063318db497116102a95780634ed6aa96116102495780635944c753116102195780635944c7531461073c5780635ff99d331461075b5780636352211e1461077a578063664aa26b14610799575f5ffd5b80634ed6aa96146106d75780634f21b969146106ea5780634f558e79146107095780635001f3b514610728575f5ffd5b806342842e0e1161028457806342842e0e1461065b57806342966c681461067a5780634bb9a482146106995780634cee68fb146106b8575f5ffd5b8063318db497146105d45780633c45ef7e146105e857806340c10f191461063c575f5ffd5b80630a3cc989116103145780631ba3c6b9116102ef5780631ba3c6b9146105395780631c006ebe1461055857806323b872dd146105775780632a55205a14610596575f5ffd5b80630a3cc98914610498578063162094c4146104b757806318160ddd146104d6575f5ffd5b8063075461721161034f57806307546172146103eb578063077f224a1461043b578063081812fc1461045a578063095ea7b314610479575f5ffd5b806301ffc9a71461037557806304634d8d146103a957806306fdde03146103ca575b5f5ffd5b348015610380575f5ffd5b5061039461038f366004614033565b610c5a565b60405190151581526020015b60405180910390f35b3480156103b4575f5ffd5b506103c86103c3366004614084565b610d99565b005b3480156103d5575f5ffd5b506103de610daf565b6040516103a091906140e3565b3480156103f6575f5ffd5b507fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000546001600160a01b03165b6040516001600160a01b0390911681526020016103a0565b348015610446575f5ffd5b506103c8610455366004614133565b610e61565b348015610465575f5ffd5b506104236104743660046141b3565b611092565b348015610484575f5ffd5b506103c86104933660046141ca565b6110cf565b3480156104a3575f5ffd5b506103c86104b2366004614201565b611235565b3480156104c2575f5ffd5b506103c86104d1366004614222565b61123f565b3480156104e1575f5ffd5b507fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000547401000000000000000000000000000000000000000090046bffffffffffffffffffffffff165b6040519081526020016103a0565b348015610544575f5ffd5b5061052b6105533660046141b3565b6112e3565b348015610563575f5ffd5b506103c861057236600461426a565b61138a565b348015610582575f5ffd5b506103c861059136600461428a565b6117e8565b3480156105a1575f5ffd5b506105b56105b036600461426a565b6119cd565b604080516001600160a01b0390931683526020830191909152016103a0565b3480156105df575f5ffd5b5061052b600181565b3480156105f3575f5ffd5b5061052b6106023660046141b3565b5f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd009602052604090205467ffffffffffffffff1690565b348015610647575f5ffd5b506103c86106563660046141ca565b611ac3565b348015610666575f5ffd5b506103c861067536600461428a565b611b54565b348015610685575f5ffd5b506103c86106943660046141b3565b611b73565b3480156106a4575f5ffd5b506103c86106b33660046141b3565b611dbf565b3480156106c3575f5ffd5b506103c86106d23660046142db565b611dcc565b3480156106e2575f5ffd5b50600161052b565b3480156106f5575f5ffd5b506103946107043660046141b3565b611e6f565b348015610714575f5ffd5b506103946107233660046141b3565b611ec3565b348015610733575f5ffd5b506103de611f25565b348015610747575f5ffd5b506103c8610756366004614314565b611f56565b348015610766575f5ffd5b5061052b6107753660046141b3565b611f69565b348015610785575f5ffd5b506104236107943660046141b3565b611fca565b3480156107a4575f5ffd5b506103c86107b3366004614344565b611ff5565b3480156107c3575f5ffd5b506107d76107d23660046141b3565b612068565b60405163ffffffff90911681526020016103a0565b3480156107f7575f5ffd5b5061052b610806366004614383565b61209c565b348015610816575f5ffd5b506103c8612119565b34801561082a575f5ffd5b5061052b61083936600461439c565b61212c565b6103c861084c366004614418565b6121d0565b34801561085c575f5ffd5b506103c861086b3660046141b3565b612250565b34801561087b575f5ffd5b507f9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c199300546001600160a01b0316610423565b3480156108b7575f5ffd5b5061052b6101f481565b3480156108cc575f5ffd5b506103de612287565b6103c86108e33660046144a9565b6122b8565b3480156108f3575f5ffd5b506103c861090236600461452b565b612320565b348015610912575f5ffd5b506103c861240a565b348015610926575f5ffd5b506103946109353660046141b3565b61243a565b348015610945575f5ffd5b506103c8610954366004614344565b612485565b348015610964575f5ffd5b506103c8610973366004614580565b6124eb565b348015610983575f5ffd5b5061052b6109923660046141b3565b5f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd009602052604090205468010000000000000000900467ffffffffffffffff1690565b3480156109e3575f5ffd5b506103c86109f23660046141b3565b612503565b348015610a02575f5ffd5b506103c8610a11366004614344565b61250e565b348015610a21575f5ffd5b506103de610a303660046141b3565b612574565b348015610a40575f5ffd5b5061052b610a4f36600461465e565b612727565b348015610a5f575f5ffd5b506103c8610a6e3660046146bb565b6127a2565b348015610a7e575f5ffd5b5061052b7f800000000000000000000000000000000000000000000000000000000000000081565b348015610ab1575f5ffd5b50610394610ac03660046146dc565b6001600160a01b039182165f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0086020908152604080832093909416825291909152205460ff1690565b348015610b17575f5ffd5b5061052b610b26366004614704565b61283e565b348015610b36575f5ffd5b506103c8610b45366004614201565b612880565b348015610b55575f5ffd5b506103c8610b64366004614383565b6129ae565b348015610b74575f5ffd5b5061052b604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201527fa1d1060cd95510865129de3bed201744b6206260bd33306b109c794016cdf704918101919091527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc660608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b348015610c27575f5ffd5b506103c8610c36366004614383565b612a01565b348015610c46575f5ffd5b506103c8610c55366004614734565b612a9a565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f80ac58cd000000000000000000000000000000000000000000000000000000001480610cec57507fffffffff0000000000000000000000000000000000000000000000000000000082167f5b5e139f00000000000000000000000000000000000000000000000000000000145b80610d3857507fffffffff0000000000000000000000000000000000000000000000000000000082167f4906490600000000000000000000000000000000000000000000000000000000145b80610d8457507fffffffff0000000000000000000000000000000000000000000000000000000082167fb45a3c0e00000000000000000000000000000000000000000000000000000000145b80610d935750610d9382612cd2565b92915050565b610da1612d68565b610dab8282612ddc565b5050565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006002018054610de090614788565b80601f0160208091040260200160405190810160405280929190818152602001828054610e0c90614788565b8015610e575780601f10610e2e57610100808354040283529160200191610e57565b820191905f5260205f20905b815481529060010190602001808311610e3a57829003601f168201915b5050505050905090565b5f610e6a612ef0565b805490915060ff68010000000000000000820416159067ffffffffffffffff165f81158015610e965750825b90505f8267ffffffffffffffff166001148015610eb25750303b155b905081158015610ec0575080155b15610ef7576040517ff92ee8a900000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b84547fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000001660011785558315610f585784547fffffffffffffffffffffffffffffffffffffffffffffff00ffffffffffffffff16680100000000000000001785555b610f6186612f18565b610f69612f29565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0007fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd002610fb68b8d8361481d565b5060038101610fc6898b8361481d565b5080547fffffffffffffffffffffffff0000000000000000000000000000000000000000166001600160a01b03881690811782556040515f907f3b0007eb941cf645526cbb3a4fdaecda9d28ce4843167d9263b536a1f1edc0f6908290a35083156110865784547fffffffffffffffffffffffffffffffffffffffffffffff00ffffffffffffffff168555604051600181527fc7f505b2f371ae2175ee4913f4499e1f2633a7b5936321eed1cdaeb6115181d29060200160405180910390a15b50505050505050505050565b5f7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006110c881846110c38282612f31565b612fa6565b9392505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6110fb8284612f31565b905080336001600160a01b0382161480159061113c57506001600160a01b0381165f908152600884016020908152604080832033845290915290205460ff16155b1561117a576040517fa9fbf51f0000000000000000000000000000000000000000000000000000000081523360048201526024015b60405180910390fd5b6040805180820182526001600160a01b0380881680835263ffffffff60a087901c811660208086019182525f8b815260078b0190915286812095518654925190931674010000000000000000000000000000000000000000027fffffffffffffffff00000000000000000000000000000000000000000000000090921692851692909217179093559251879392918516917f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92591a45050505050565b610dab8282613011565b611247612d68565b6112727fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005b84612f31565b505f8381527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00b602052604090206112aa82848361481d565b506040518381527ff8e1a15aba9398e019f0b49df1a4fde98ee17ae345cb5f6b5e2c27f5033e8ce79060200160405180910390a1505050565b5f7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0008160c07effffffffffffff0000000000000000000000000000000000000000000000006113328487612f31565b16901c9050805f03611373576040517f05120e7d00000000000000000000000000000000000000000000000000000000815260048101859052602401611171565b5f908152600a909101602052604090205492915050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6113b68285612f31565b90506001600160a01b0381163314611403576040517f58a5e22200000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611171565b82158061141157506101f483115b1561144b576040517fcfb7619500000000000000000000000000000000000000000000000000000000815260048101849052602401611171565b5f84815260098301602090815260408083208151606081018352905467ffffffffffffffff80821680845268010000000000000000830490911694830185905270010000000000000000000000000000000090910466ffffffffffffff169282019290925292916114bb91614904565b67ffffffffffffffff16905080851115611512576040517f67feff78000000000000000000000000000000000000000000000000000000008152600481018790526024810182905260448101869052606401611171565b60018401545f90611555906fffffffffffffffffffffffffffffffff167f8000000000000000000000000000000000000000000000000000000000000000614924565b611560906001614924565b9050826040015166ffffffffffffff165f036115fb576001850180546010906115ae9070010000000000000000000000000000000090046fffffffffffffffffffffffffffffffff16614937565b82546fffffffffffffffffffffffffffffffff8083166101009490940a938402930219169190911790915566ffffffffffffff1660408085018290525f918252600a870160205290208790555b6020808401805167ffffffffffffffff908901811682526001880180546fffffffffffffffffffffffffffffffff8082168c01167fffffffffffffffffffffffffffffffff000000000000000000000000000000009182161790915588546bffffffffffffffffffffffff7401000000000000000000000000000000000000000080830482168d01909116026001600160a01b03909116178955335f81815260068b018652604080822080548e0190558d825260098c01909652858120895181549651978b015166ffffffffffffff8116700100000000000000000000000000000000027fffffffffffffffffff00000000000000ffffffffffffffffffffffffffffffff99881668010000000000000000029890961691909616179590951795909516919091179092557effffffffffffff00000000000000000000000000000000000000000000000060c09190911b1617905b878110156117dd57828101600f82165f03611778575f81815260058901602052604090208390555b604051819033905f907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef908290a46040518a90829033907f2b454cbdeff241cd25d59da784b21a0005a93b11db07d2c14bda1ca9f25f2f60905f90a450600101611750565b505050505050505050565b6001600160a01b03821661182a576040517f64a0ae920000000000000000000000000000000000000000000000000000000081525f6004820152602401611171565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6118568284612f31565b905080336001600160a01b0382161480159061189757506001600160a01b0381165f908152600884016020908152604080832033845290915290205460ff16155b80156118b65750336118aa848685612fa6565b6001600160a01b031614155b156118f6576040517f177e802f00000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611171565b856001600160a01b0316816001600160a01b03161461195b576040517f64283d7b0000000000000000000000000000000000000000000000000000000081526001600160a01b0380881660048301526024820186905282166044820152606401611171565b7f02000000000000000000000000000000000000000000000000000000000000008216156119b8576040517f886574b200000000000000000000000000000000000000000000000000000000815260048101859052602401611171565b6119c58382878786613163565b505050505050565b5f8281527fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b0160205260408120805482917fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b00916001600160a01b038116907401000000000000000000000000000000000000000090046bffffffffffffffffffffffff1681611a8b57505081546001600160a01b038116907401000000000000000000000000000000000000000090046bffffffffffffffffffffffff165b5f612710611aa76bffffffffffffffffffffffff84168a614973565b611ab1919061498a565b929650919450505050505b9250929050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000546001600160a01b03163314611b28576040517f361c31f2000000000000000000000000000000000000000000000000000000008152336004820152602401611171565b610dab7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00083835f613243565b611b6e83838360405180602001604052805f8152506124eb565b505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f611b9f8284612f31565b905080336001600160a01b03821614801590611be057506001600160a01b0381165f908152600884016020908152604080832033845290915290205460ff16155b8015611bff575033611bf3848685612fa6565b6001600160a01b031614155b15611c3f576040517f177e802f00000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611171565b7f0200000000000000000000000000000000000000000000000000000000000000821615611c9c576040517f886574b200000000000000000000000000000000000000000000000000000000815260048101859052602401611171565b6001600160a01b038082165f908152600685016020526040902080545f1990810190915584546bffffffffffffffffffffffff740100000000000000000000000000000000000000008083048216909301169091029116178355611d828385847f0100000000000000000000000000000000000000000000000000000000000000611d7c827fffffffffffffffff00000000ffffffffffffffffffffffffffffffffffffffff8116740100000000000000000000000000000000000000009190910177ffffffff0000000000000000000000000000000000000000161790565b1761347c565b60405184905f906001600160a01b038416907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef908390a450505050565b611dc9815f613011565b50565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000546001600160a01b03163314611e31576040517f361c31f2000000000000000000000000000000000000000000000000000000008152336004820152602401611171565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000611e5e8185855f613243565b611e6981848461354e565b50505050565b5f7f0400000000000000000000000000000000000000000000000000000000000000611eba7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061126c565b16151592915050565b5f80611ef07fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005b84613642565b905080158015906110c857507f0100000000000000000000000000000000000000000000000000000000000000161592915050565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006004018054610de090614788565b611f5e612d68565b611b6e838383613715565b5f8181527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd009602052604081208054611fb99067ffffffffffffffff68010000000000000000820481169116614904565b67ffffffffffffffff169392505050565b5f610d937fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00083612f31565b611ffd612d68565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00461202982848361481d565b50604080515f81525f1960208201527f6bd5c950a8d8df17f772f5af37cb3655737899cbf903264b9795592da439661c91015b60405180910390a15050565b5f60a06120947fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000611eea565b901c92915050565b5f6001600160a01b0382166120df576040517f89c62b640000000000000000000000000000000000000000000000000000000081525f6004820152602401611171565b506001600160a01b03165f9081527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd006602052604090205490565b612121612d68565b61212a5f61384a565b565b604080517f1dce203b37ee9fa9f5f3fde84344648fb962776dceae9b4371d09f75cba783ce60208201526001600160a01b03808a1692820192909252606081018890526080810187905290851660a082015283151560c082015260e0810183905267ffffffffffffffff82166101008201525f906121c490610120015b604051602081830303815290604052805190602001206138d2565b98975050505050505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000612222817f1dce203b37ee9fa9f5f3fde84344648fb962776dceae9b4371d09f75cba783ce60078e8e8e8c8a6139b8565b61222e81898987613243565b61223981888461354e565b6122438587613abe565b5050505050505050505050565b612258612d68565b5f9081527fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b016020526040812055565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006003018054610de090614788565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061230a817fa547d18ed7eb1cfafa029eef65dc03ffe802aa8ac62f6aa62838574179efd2aa60068d8d8d8b896139b8565b61231681888886613243565b6110868486613abe565b6001600160a01b038216612362576040517f5b08ba180000000000000000000000000000000000000000000000000000000081525f6004820152602401611171565b335f8181527fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd008602090815260408083206001600160a01b0387168085529083529281902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001686151590811790915590519081529192917f17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31910160405180910390a35050565b612412612d68565b61212a5f7fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b0055565b5f7f0200000000000000000000000000000000000000000000000000000000000000611eba7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00061126c565b61248d612d68565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0036124b982848361481d565b507f57c940aa14b51ea5f96b7a2bea757ce355d996e2c5d7a3c68aff1c75a326269b828260405161205c9291906149c2565b6124f68484846117e8565b611e693385858585613b9d565b611dc9816001613011565b612516612d68565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00261254282848361481d565b507f4737457377f528cc8afd815f73ecb8b05df80d047dbffc41c17750a4033592bc828260405161205c9291906149c2565b60607fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006125a18184612f31565b505f838152600b82016020526040812080546125bc90614788565b80601f01602080910402602001604051908101604052809291908181526020018280546125e890614788565b80156126335780601f1061260a57610100808354040283529160200191612633565b820191905f5260205f20905b81548152906001019060200180831161261657829003601f168201915b5050505050905080515f14612649579392505050565b5f82600401805461265990614788565b80601f016020809104026020016040519081016040528092919081815260200182805461268590614788565b80156126d05780601f106126a7576101008083540402835291602001916126d0565b820191905f5260205f20905b8154815290600101906020018083116126b357829003601f168201915b5050505050905080515f1461270e57806126e986613d38565b6040516020016126fa929190614a07565b60405160208183030381529060405261271e565b60405180602001604052805f8152505b95945050505050565b604080517fa547d18ed7eb1cfafa029eef65dc03ffe802aa8ac62f6aa62838574179efd2aa60208201526001600160a01b0380891692820192909252606081018790526080810186905290841660a082015282151560c082015260e081018290525f9061279790610100016121a9565b979650505050505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd000546001600160a01b03163314612807576040517f361c31f2000000000000000000000000000000000000000000000000000000008152336004820152602401611171565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0006128328184612f31565b50611b6e81848461354e565b5f612878848460a06128707fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00088613642565b901c85613dd5565b949350505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f6128ac8285612f31565b9050336001600160a01b038216148015906128d1575081546001600160a01b03163314155b15612911576040517fddd5ec9200000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611171565b61296c82858386612944577ffbffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff851661347c565b7f0400000000000000000000000000000000000000000000000000000000000000851761347c565b837f250d8b5753a07e5d3e8c72eaa088a0a42785762c7021c574464f273171369aba846040516129a0911515815260200190565b60405180910390a250505050565b6129b6612d68565b6001600160a01b0381166129f8576040517f1e4fbdf70000000000000000000000000000000000000000000000000000000081525f6004820152602401611171565b611dc98161384a565b612a09612d68565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd00080546040516001600160a01b038481169216907f3b0007eb941cf645526cbb3a4fdaecda9d28ce4843167d9263b536a1f1edc0f6905f90a380547fffffffffffffffffffffffff0000000000000000000000000000000000000000166001600160a01b0392909216919091179055565b80421115612ad7576040517f3d91b05f00000000000000000000000000000000000000000000000000000000815260048101829052602401611171565b6001600160a01b038316612b19576040517f64a0ae920000000000000000000000000000000000000000000000000000000081525f6004820152602401611171565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f612b458285612f31565b90507f0200000000000000000000000000000000000000000000000000000000000000811615612ba4576040517f886574b200000000000000000000000000000000000000000000000000000000815260048101859052602401611171565b60a081901c5f612bc1612bb988888589613dd5565b8b8b8b613e38565b84549091506001600160a01b039081169082161580612bf25750806001600160a01b0316826001600160a01b031614155b15612cc5576001600160a01b03821615801590612c14575063ffffffff831615155b8015612c5157506001600160a01b038116612c46612c3e8a8a612c38600189614a1b565b8b613dd5565b8d8d8d613e38565b6001600160a01b0316145b15612c88576040517f18b980b200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6040517fbf18af430000000000000000000000000000000000000000000000000000000081526001600160a01b0383166004820152602401611171565b61224385858a8a88613163565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f2a55205a000000000000000000000000000000000000000000000000000000001480610d9357507f01ffc9a7000000000000000000000000000000000000000000000000000000007fffffffff00000000000000000000000000000000000000000000000000000000831614610d93565b33612d9a7f9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c199300546001600160a01b031690565b6001600160a01b03161461212a576040517f118cdaa7000000000000000000000000000000000000000000000000000000008152336004820152602401611171565b7fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b006127106bffffffffffffffffffffffff8316811015612e5f576040517f6f483d090000000000000000000000000000000000000000000000000000000081526bffffffffffffffffffffffff8416600482015260248101829052604401611171565b6001600160a01b038416612ea1576040517fb6d9900a0000000000000000000000000000000000000000000000000000000081525f6004820152602401611171565b50604080518082019091526001600160a01b039093168084526bffffffffffffffffffffffff909216602090930183905274010000000000000000000000000000000000000000909202179055565b5f807ff0c57e16840df040f15088dc2f81fe391c3923bec73e23a9662efc9c229c6a00610d93565b612f20613e9d565b611dc981613edb565b61212a613e9d565b5f612f3c8383613642565b9050801580612f6c57507f0100000000000000000000000000000000000000000000000000000000000000811615155b15610d93576040517f7e27328900000000000000000000000000000000000000000000000000000000815260048101839052602401611171565b5f82815260078401602090815260408083208151808301909252546001600160a01b038116825263ffffffff740100000000000000000000000000000000000000009091048116928201839052909160a085901c90911614613008575f61271e565b51949350505050565b7fd92032adaee415b367c21bc9f68a1a7745e6188438247b453bf6370745cbd0005f61303d8285612f31565b9050336001600160a01b0382161461308a576040517f58a5e22200000000000000000000000000000000000000000000000000000000815233600482015260248101859052604401611171565b8215157f020000000000000000000000000000000000000000000000000000000000000082161515036130bd5750505050565b6130eb8285837f0200000000000000000000000000000000000000000000000000000000000000851861347c565b8215613129576040518481527f032bc66be43dbccb7487781d168eb7bda224628a3b2c3388bdf69b532a3a16119060200160405180910390a1611e69565b6040518481527ff27b6ce5b2f5e68ddb2fd95a8a909d4ecf1daaac270935fff052feacb24f1842906020015b60405180910390a150505050565b6001600160a01b038481165f90815260068701602052604080822080545f19019055918516808252919020805460010190556131fb908690849084907fffffffffffffffff000000000000000000000000000000000000000000000000821674010000000000000000000000000000000000000000830177ffffffff000000000000000000000000000000000000000016171761347c565b81836001600160a01b0316856001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef60405160405180910390a45050505050565b6001600160a01b038316613285576040517f64a0ae920000000000000000000000000000000000000000000000000000000081525f6004820152602401611171565b7f800000000000000000000000000000000000000000000000000000000000000082106132e1576040517f63332a7c00000000000000000000000000000000000000000000000000000000815260048101839052602401611171565b5f8281526005850160205260409020541561332b576040517f8b474e5400000000000000000000000000000000000000000000000000000000815260048101839052602401611171565b8061333f57826001600160a01b031661336c565b7f0200000000000000000000000000000000000000000000000000000000000000836001600160a01b0316175b5f8381526005860160209081526040808320939093556001600160a01b03861682526006870190522080546001908101909155845485906014906133d79084907401000000000000000000000000000000000000000090046bffffffffffffffffffffffff16614a37565b92506101000a8154816bffffffffffffffffffffffff02191690836bffffffffffffffffffffffff16021790555081836001600160a01b03165f6001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef60405160405180910390a48015611e69576040518281527f032bc66be43dbccb7487781d168eb7bda224628a3b2c3388bdf69b532a3a161190602001613155565b5f83815260058501602052604090208190557effffffffffffff000000000000000000000000000000000000000000000000821615611e6957600183015f81815260058601602052604090205415801561350e575060018501546fffffffffffffffffffffffffffffffff167f8000000000000000000000000000000000000000000000000000000000000000018111155b15613547575f81815260058601602052604090207effffffffffffff00000000ffffffffffffffffffffffffffffffffffffffff841690555b5050505050565b5f8281526009840160205260409020805467ffffffffffffffff68010000000000000000909104811690831610156135dc5780546040517f84f733bf000000000000000000000000000000000000000000000000000000008152600481018590526801000000000000000090910467ffffffffffffffff908116602483015283166044820152606401611171565b80547fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000001667ffffffffffffffff8316908117825560405190815283907fd89dfb366053a485a36d46d3c122be35fe10919e3f12c48262b398b60bec3245906020016129a0565b5f8181526005830160205260409020548015801561367f57507f800000000000000000000000000000000000000000000000000000000000000082115b80156136cb575060018301546136c7906fffffffffffffffffffffffffffffffff167f8000000000000000000000000000000000000000000000000000000000000000614924565b8211155b15610d9357815b5f19015f818152600585016020526040902054915081156136d257507effffffffffffff00000000ffffffffffffffffffffffffffffffffffffffff1692915050565b7fdaedc9ab023613a7caf35e703657e986ccfad7e3eb0af93a2853f8d65dd86b006127106bffffffffffffffffffffffff831681101561379f576040517fdfd1fc1b000000000000000000000000000000000000000000000000000000008152600481018690526bffffffffffffffffffffffff8416602482015260448101829052606401611171565b6001600160a01b0384166137e8576040517f969f0852000000000000000000000000000000000000000000000000000000008152600481018690525f6024820152604401611171565b506040805180820182526001600160a01b0394851681526bffffffffffffffffffffffff93841660208083019182525f978852600190940190935294209351905190911674010000000000000000000000000000000000000000029116179055565b7f9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c19930080547fffffffffffffffffffffffff000000000000000000000000000000000000000081166001600160a01b03848116918217845560405192169182907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a3505050565b5f610d9361397d604080517f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f60208201527fa1d1060cd95510865129de3bed201744b6206260bd33306b109c794016cdf704918101919091527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc660608201524660808201523060a08201525f9060c00160405160208183030381529060405280519060200120905090565b836040517f19010000000000000000000000000000000000000000000000000000000000008152600281019290925260228201526042902090565b804211156139f5576040517f3d91b05f00000000000000000000000000000000000000000000000000000000815260048101829052602401611171565b813414613a37576040517f0d35e92100000000000000000000000000000000000000000000000000000000815260048101839052346024820152604401611171565b5f613a57613a4f613a4a8a60648b613ee3565b6138d2565b878787613e38565b90506001600160a01b0381161580613a7c575088546001600160a01b03828116911614155b156117dd576040517fbf18af430000000000000000000000000000000000000000000000000000000081526001600160a01b0382166004820152602401611171565b805f03613ac9575050565b6001600160a01b038216613b09576040517fb942d92000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b5f826001600160a01b0316826040515f6040518083038185875af1925050503d805f8114613b52576040519150601f19603f3d011682016040523d82523d5f602084013e613b57565b606091505b5050905080611b6e576040517f36899e480000000000000000000000000000000000000000000000000000000081526001600160a01b0384166004820152602401611171565b6001600160a01b0383163b15613547576040517f150b7a020000000000000000000000000000000000000000000000000000000081526001600160a01b0384169063150b7a0290613bf8908890889087908790600401614a5b565b6020604051808303815f875af1925050508015613c32575060408051601f3d908101601f19168201909252613c2f91810190614a9b565b60015b613cb2573d808015613c5f576040519150601f19603f3d011682016040523d82523d5f602084013e613c64565b606091505b5080515f03613caa576040517f64a0ae920000000000000000000000000000000000000000000000000000000081526001600160a01b0385166004820152602401611171565b805160208201fd5b7fffffffff0000000000000000000000000000000000000000000000000000000081167f150b7a0200000000000000000000000000000000000000000000000000000000146119c5576040517f64a0ae920000000000000000000000000000000000000000000000000000000081526001600160a01b0385166004820152602401611171565b60605f613d4483613f07565b60010190505f8167ffffffffffffffff811115613d6357613d63614553565b6040519080825280601f01601f191660200182016040528015613d8d576020820181803683370190505b5090508181016020015b5f19017f3031323334353637383961626364656600000000000000000000000000000000600a86061a8153600a8504945084613d9757509392505050565b604080517f425bf77d5ddbbf66928ff442b4f5fee20c1ea0cfa03a76f6bbaabe0a007220e060208201526001600160a01b038616918101919091526060810184905263ffffffff8316608082015260a081018290525f9061271e9060c0016121a9565b604080515f8082526020820180845287905260ff861692820192909252606081018490526080810183905260019060a0016020604051602081039080840390855afa158015613e89573d5f5f3e3d5ffd5b5050604051601f1901519695505050505050565b613ea5613fe8565b61212a576040517fd7e6bcf800000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6129b6613e9d565b5f604051848152602083028460208301376020830260200181209150509392505050565b5f807a184f03e93ff9f4daa797ed6e38ed64bf6a1f0100000000000000008310613f4f577a184f03e93ff9f4daa797ed6e38ed64bf6a1f010000000000000000830492506040015b6d04ee2d6d415b85acef81000000008310613f7b576d04ee2d6d415b85acef8100000000830492506020015b662386f26fc100008310613f9957662386f26fc10000830492506010015b6305f5e1008310613fb1576305f5e100830492506008015b6127108310613fc557612710830492506004015b60648310613fd7576064830492506002015b600a8310610d935760010192915050565b5f613ff1612ef0565b5468010000000000000000900460ff16919050565b7fffffffff0000000000000000000000000000000000000000000000000000000081168114611dc9575f5ffd5b5f60208284031215614043575f5ffd5b81356110c881614006565b80356001600160a01b0381168114614064575f5ffd5b919050565b80356bffffffffffffffffffffffff81168114614064575f5ffd5b5f5f60408385031215614095575f5ffd5b61409e8361404e565b91506140ac60208401614069565b90509250929050565b5f81518084528060208401602086015e5f602082860101526020601f19601f83011685010191505092915050565b602081525f6110c860208301846140b5565b5f5f83601f840112614105575f5ffd5b50813567ffffffffffffffff81111561411c575f5ffd5b602083019150836020828501011115611abc575f5ffd5b5f5f5f5f5f60608688031215614147575f5ffd5b853567ffffffffffffffff81111561415d575f5ffd5b614169888289016140f5565b909650945050602086013567ffffffffffffffff811115614188575f5ffd5b614194888289016140f5565b90945092506141a790506040870161404e565b90509295509295909350565b5f602082840312156141c3575f5ffd5b5035919050565b5f5f604083850312156141db575f5ffd5b6141e48361404e565b946020939093013593505050565b80358015158114614064575f5ffd5b5f5f60408385031215614212575f5ffd5b823591506140ac602084016141f2565b5f5f5f60408486031215614234575f5ffd5b83359250602084013567ffffffffffffffff811115614251575f5ffd5b61425d868287016140f5565b9497909650939450505050565b5f5f6040838503121561427b575f5ffd5b50508035926020909101359150565b5f5f5f6060848603121561429c575f5ffd5b6142a58461404e565b92506142b36020850161404e565b929592945050506040919091013590565b803567ffffffffffffffff81168114614064575f5ffd5b5f5f5f606084860312156142ed575f5ffd5b6142f68461404e565b92506020840135915061430b604085016142c4565b90509250925092565b5f5f5f60608486031215614326575f5ffd5b833592506143366020850161404e565b915061430b60408501614069565b5f5f60208385031215614355575f5ffd5b823567ffffffffffffffff81111561436b575f5ffd5b614377858286016140f5565b90969095509350505050565b5f60208284031215614393575f5ffd5b6110c88261404e565b5f5f5f5f5f5f5f60e0888a0312156143b2575f5ffd5b6143bb8861404e565b965060208801359550604088013594506143d76060890161404e565b93506143e5608089016141f2565b925060a088013591506143fa60c089016142c4565b905092959891949750929550565b803560ff81168114614064575f5ffd5b5f5f5f5f5f5f5f5f5f5f6101408b8d031215614432575f5ffd5b61443b8b614408565b995060208b0135985060408b0135975061445760608c0161404e565b965060808b0135955060a08b0135945061447360c08c0161404e565b935061448160e08c016141f2565b92506101008b013591506144986101208c016142c4565b90509295989b9194979a5092959850565b5f5f5f5f5f5f5f5f5f6101208a8c0312156144c2575f5ffd5b6144cb8a614408565b985060208a0135975060408a013596506144e760608b0161404e565b955060808a0135945060a08a0135935061450360c08b0161404e565b925061451160e08b016141f2565b989b979a5095989497939692955090936101000135919050565b5f5f6040838503121561453c575f5ffd5b6145458361404e565b91506140ac602084016141f2565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b5f5f5f5f60808587031215614593575f5ffd5b61459c8561404e565b93506145aa6020860161404e565b925060408501359150606085013567ffffffffffffffff8111156145cc575f5ffd5b8501601f810187136145dc575f5ffd5b803567ffffffffffffffff8111156145f6576145f6614553565b604051601f19603f601f19601f8501160116810181811067ffffffffffffffff8211171561462657614626614553565b60405281815282820160200189101561463d575f5ffd5b816020840160208301375f6020838301015280935050505092959194509250565b5f5f5f5f5f5f60c08789031215614673575f5ffd5b61467c8761404e565b955060208701359450604087013593506146986060880161404e565b92506146a6608088016141f2565b9598949750929591949360a090920135925050565b5f5f604083850312156146cc575f5ffd5b823591506140ac602084016142c4565b5f5f604083850312156146ed575f5ffd5b6146f68361404e565b91506140ac6020840161404e565b5f5f5f60608486031215614716575f5ffd5b61471f8461404e565b95602085013595506040909401359392505050565b5f5f5f5f5f5f60c08789031215614749575f5ffd5b61475287614408565b9550602087013594506040870135935061476e6060880161404e565b9598949750929560808101359460a0909101359350915050565b600181811c9082168061479c57607f821691505b6020821081036147d3577f4e487b71000000000000000000000000000000000000000000000000000000005f52602260045260245ffd5b50919050565b601f821115611b6e57805f5260205f20601f840160051c810160208510156147fe5750805b601f840160051c820191505b81811015613547575f815560010161480a565b67ffffffffffffffff83111561483557614835614553565b614849836148438354614788565b836147d9565b5f601f84116001811461487a575f85156148635750838201355b5f19600387901b1c1916600186901b178355613547565b5f83815260208120601f198716915b828110156148a95786850135825560209485019460019092019101614889565b50868210156148c5575f1960f88860031b161c19848701351681555b505060018560011b0183555050505050565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b67ffffffffffffffff8281168282160390811115610d9357610d936148d7565b80820180821115610d9357610d936148d7565b5f6fffffffffffffffffffffffffffffffff82166fffffffffffffffffffffffffffffffff810361496a5761496a6148d7565b60010192915050565b8082028115828204841417610d9357610d936148d7565b5f826149bd577f4e487b71000000000000000000000000000000000000000000000000000000005f52601260045260245ffd5b500490565b60208152816020820152818360408301375f818301604090810191909152601f909201601f19160101919050565b5f81518060208401855e5f93019283525090919050565b5f612878614a1583866149f0565b846149f0565b63ffffffff8281168282160390811115610d9357610d936148d7565b6bffffffffffffffffffffffff8181168382160190811115610d9357610d936148d7565b6001600160a01b03851681526001600160a01b0384166020820152826040820152608060608201525f614a9160808301846140b5565b9695505050505050565b5f60208284031215614aab575f5ffd5b81516110c88161400656fea2646970667358221220bdf973525fc5449dc285f14f3de29a39edc0d282f4cef99608c752806defa26564736f6c634300081c0033';
